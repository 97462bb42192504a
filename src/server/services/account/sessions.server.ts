import { and, desc, eq, isNull } from 'drizzle-orm'
import {
  endOtherSessionsEndpoint,
  endSessionEndpoint,
  endUserSessionsEndpoint,
  logoutEndpoint,
  signInsEndpoint,
  userSessionsEndpoint,
  type SignInRow,
} from '../../../contract/user-sessions'
import { sessionExpiry } from '../../../domain/session-validity'
import { m } from '../../../paraglide/messages'
import { noteActivity } from '../../activity/record.server'
import type { Caller } from '../../auth/caller.server'
import { browserInWords, endSession, endSessionsOf } from '../../auth/sessions.server'
import { portalTimeZone } from '../../auth/token.server'
import { activity, userSessions } from '../../db/schema/index'
import { forgetCallers } from '../../endpoint/access.server'
import { conflict, notFound } from '../../endpoint/errors.server'
import { implement } from '../../endpoint/implement.server'
import { contactInScope } from '../contacts/contact-scope.server'

// The caller's sessions and sign-ins (decision 056). A session is the signing-in person's: while
// switched to another user, these are the sessions of the person who switched.

function personOf(caller: Caller): number {
  return caller.actorUserId ?? caller.userId
}

/** The last call seen, to the minute (the row moves at most once a minute). */
function toMinute(at: Date): string {
  return new Date(Math.floor(at.getTime() / 60_000) * 60_000).toISOString()
}

// GET /vue/sessions/
export const userSessionList = implement(userSessionsEndpoint, async ({ db, caller, nowMs }) => {
  const rows = await db
    .select()
    .from(userSessions)
    .where(and(eq(userSessions.userId, personOf(caller)), isNull(userSessions.endedAt)))
    .orderBy(desc(userSessions.createdAt))
    .limit(200)
  const zone = portalTimeZone()
  // A session whose tokens have all run out (the same-day rule) is over, ended or not.
  const open = rows.filter((row) => sessionExpiry(row.createdAt.getTime(), zone) > nowMs)
  return {
    sessions: open.map((row) => ({
      id: row.id,
      created: row.createdAt.toISOString(),
      last_seen: toMinute(row.lastSeenAt),
      browser: browserInWords(row.userAgent),
      address: row.clientAddress,
      current: row.id === caller.sessionId,
    })),
  }
})

// DELETE /vue/sessions/{id}/
export const userSessionEnd = implement(endSessionEndpoint, async ({ db, caller, input, nowMs }) => {
  const ended = await endSession(db, personOf(caller), input.params.id, nowMs, 'user')
  if (ended === 0) throw notFound((locale) => m.session_not_found({}, { locale }))
  await forgetCallers(db)
  noteActivity({ target: `session ${input.params.id.slice(0, 8)}`, details: { current: input.params.id === caller.sessionId } })
  return { ended }
})

// POST /vue/sessions/end-others/
export const userSessionsEndOthers = implement(endOtherSessionsEndpoint, async ({ db, caller, nowMs }) => {
  // Sessions only: a token from before sessions cannot be told apart from the caller's own, and
  // those run out within the day (the same-day rule).
  const ended = await endSessionsOf(db, personOf(caller), nowMs, { keep: caller.sessionId, endedBy: 'others', tokensWithout: false })
  await forgetCallers(db)
  noteActivity({ details: { ended } })
  return { ended }
})

// POST /vue/logout/
export const logout = implement(logoutEndpoint, async ({ db, caller, nowMs }) => {
  if (!caller.sessionId) return { ended: 0 }
  const ended = await endSession(db, personOf(caller), caller.sessionId, nowMs, 'logout')
  await forgetCallers(db)
  return { ended }
})

// POST /vue/contact/{id}/end-sessions/
export const contactSessionsEnd = implement(endUserSessionsEndpoint, async ({ db, caller, input, nowMs }) => {
  const { user } = await contactInScope(db, caller, input.params.id)
  // One's own sessions are ended on the Security page, where the current one is kept.
  if (user.id === caller.userId || user.id === caller.actorUserId) throw conflict((locale) => m.sessions_end_self({}, { locale }))
  const ended = await db.transaction((tx) => endSessionsOf(tx, user.id, nowMs, { endedBy: 'staff' }))
  await forgetCallers(db)
  noteActivity({ companyId: user.companyId ?? undefined, target: user.email, details: { ended } })
  return { ended }
})

const SIGN_INS_SHOWN = 20

// GET /vue/account/sign-ins/
export const signIns = implement(signInsEndpoint, async ({ db, caller }) => {
  const rows = await db
    .select({ at: activity.at, outcome: activity.outcome, address: activity.address, details: activity.details })
    .from(activity)
    .where(and(eq(activity.actorUserId, personOf(caller)), eq(activity.action, 'session.login')))
    .orderBy(desc(activity.at), desc(activity.id))
    .limit(SIGN_INS_SHOWN)
  return {
    sign_ins: rows.map((row): SignInRow => ({
      at: row.at.toISOString(),
      outcome: row.outcome === 'done' ? 'done' : 'refused',
      address: row.address ?? '',
      browser: browserOf(row.details),
    })),
  }
})

function browserOf(details: unknown): string {
  if (typeof details !== 'object' || details === null || !('browser' in details)) return ''
  return typeof details.browser === 'string' ? details.browser : ''
}
