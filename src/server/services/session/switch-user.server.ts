import { and, eq } from 'drizzle-orm'
import { switchBackEndpoint, switchUserEndpoint } from '../../../contract/session'
import { permissionLabel } from '../../../domain/permission-labels'
import { switchRefusal } from '../../../domain/switch-user'
import { m } from '../../../paraglide/messages'
import { noteActivity } from '../../activity/record.server'
import { isPathInScope } from '../../auth/guards.server'
import { hasSwitchEnded, switchEndsAtMs } from '../../auth/switch-end.server'
import { issueToken } from '../../auth/token.server'
import { groupsOf, loadGroupHolder } from '../../auth/user-groups.server'
import { auditLog, companyTree, switchUserLog, users } from '../../db/schema/index'
import { badRequest, forbidden, notFound, unauthorized } from '../../endpoint/errors.server'
import { implement } from '../../endpoint/implement.server'
import { env } from '../../env.server'
import { loadSessionUser } from './session-user.server'
import { shopUrlFor } from './shop-url.server'

// MANAGE_USERS takes over another user of a company in scope whose groups the real person
// (the one behind a possibly already switched session) all holds: a switch never gains
// permissions (decision 018). The new token keeps the real person in `act`, and the switch is
// written to the switch log, the audit log and the trail with its reason; it lasts
// SWITCH_USER_MINUTES from the token's issue (decision 055).
export const switchUser = implement(switchUserEndpoint, async ({ db, caller: actor, input, clientAddress, host, origin, nowMs }) => {
  const email = input.body.email.toLowerCase()
  const { reason } = input.body
  const [target] = await db
    .select({ id: users.id, companyId: users.companyId, path: companyTree.path, groups: groupsOf(users.id) })
    .from(users)
    .innerJoin(companyTree, eq(companyTree.companyId, users.companyId))
    .where(and(eq(users.email, email), eq(users.isActive, true)))
    .limit(1)
  const realActorId = actor.actorUserId ?? actor.userId
  // The real person may lie outside the scope of the user switched to: they go back instead.
  if (target && target.id === realActorId && realActorId !== actor.userId) {
    throw badRequest((locale) => m.switch_user_use_back({ email }, { locale }))
  }
  // Out of scope answers like unknown, so addresses outside the caller's tree cannot be probed.
  if (!target || target.companyId === null || !isPathInScope(actor, target.companyId, target.path)) {
    throw notFound((locale) => m.switch_user_not_found({ email }, { locale }))
  }
  if (target.id === actor.userId) throw badRequest((locale) => m.switch_user_self({ email }, { locale }))
  // The real person's groups are read fresh: the caller may be a cached or switched identity.
  const realActor = await loadGroupHolder(db, realActorId)
  if (!realActor?.isActive) throw unauthorized((locale) => m.error_user_inactive({}, { locale }))
  const refusal = switchRefusal(realActor.groups, target.groups)
  if (refusal?.kind === 'more-groups') {
    throw forbidden((locale) =>
      m.switch_user_more_groups({ email, missing: refusal.missing.map((group) => permissionLabel(group, locale)).join('; ') }, { locale }),
    )
  }
  if (refusal) throw forbidden((locale) => m.error_forbidden({}, { locale }))

  const [real] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, realActorId)).limit(1)
  const who = { actor_user_id: realActorId, actor: real?.email ?? null, target_user_id: target.id, target: email }
  await db.transaction(async (tx) => {
    await tx.insert(switchUserLog).values({ actorUserId: realActorId, targetUserId: target.id, clientAddress, createdAt: new Date(nowMs) })
    await tx.insert(auditLog).values({
      actorUserId: realActorId,
      actingAsUserId: actor.userId === realActorId ? null : actor.userId,
      action: 'switch_user',
      entity: 'user',
      entityId: String(target.id),
      details: { email, clientAddress, reason, ...who },
      createdAt: new Date(nowMs),
    })
  })
  noteActivity({ target: `user ${target.id}`, details: { reason, ...who } })
  const sessionUser = await loadSessionUser(db, target.id, (companyId) => shopUrlFor(host, origin, companyId))
  if (!sessionUser) throw notFound((locale) => m.switch_user_not_found({ email }, { locale }))
  // The token's issue time is the switch's start: the end is worked out from the same second.
  const issuedAtMs = Math.floor(nowMs / 1000) * 1000
  const switchedBy = real
    ? { id: real.id, username: real.email, ends_at: new Date(switchEndsAtMs(issuedAtMs)).toISOString(), minutes: env().SWITCH_USER_MINUTES }
    : null
  return {
    jwt: await issueToken({ userId: target.id, actorUserId: realActorId, sessionId: actor.sessionId }, nowMs),
    user: { ...sessionUser, switched_by: switchedBy },
  }
})

// The way back: only a switched token (one that names the real person) can be turned back,
// and the real person must still be an active user. It also takes a switch ended by time, so
// the screen can bring the person back to themselves (decision 055); the trail says how it ended.
export const switchBack = implement(switchBackEndpoint, async ({ db, caller: switched, host, origin, nowMs, clientAddress }) => {
  const realActorId = switched.actorUserId
  if (realActorId === null) throw badRequest((locale) => m.switch_user_not_switched({}, { locale }))
  const sessionUser = await loadSessionUser(db, realActorId, (companyId) => shopUrlFor(host, origin, companyId))
  if (!sessionUser) throw notFound((locale) => m.switch_user_not_found({ email: '' }, { locale }))
  const ended = hasSwitchEnded(switched, nowMs) ? { ended: 'time', minutes: env().SWITCH_USER_MINUTES } : { ended: 'back' }
  const details = { ...ended, actor_user_id: realActorId, target_user_id: switched.userId, target: switched.email }
  await db.insert(auditLog).values({
    actorUserId: realActorId,
    actingAsUserId: switched.userId,
    action: 'switch_back',
    entity: 'user',
    entityId: String(switched.userId),
    details: { clientAddress, ...details },
    createdAt: new Date(nowMs),
  })
  noteActivity({ target: `user ${switched.userId}`, details })
  // The switch stays in the session it was made from (decision 056).
  return {
    jwt: await issueToken({ userId: realActorId, actorUserId: null, sessionId: switched.sessionId }, nowMs),
    user: { ...sessionUser, switched_by: null },
  }
})
