import { randomUUID } from 'node:crypto'
import Bowser from 'bowser'
import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm'
import { userSessions, users } from '../db/schema/index'
import type { Db } from '../db/types'
import { logger } from '../ops/logger.server'

// Sessions (decision 056): a sign-in opens one, its tokens name it, ending it refuses them on
// every server (the ender drops the cached callers here and, by NOTIFY, on the others).

/** Why a session ended: kept on the row, shown to nobody but the trail's readers. */
export type SessionEnder = 'logout' | 'user' | 'others' | 'staff' | 'password' | 'account' | 'admin'

// A token lives under 24 hours (the spec's same-day rule); a session's row is kept a day longer
// so "last seen" can still be read, then pruned at the user's next sign-in.
const KEEP_ROWS_MS = 48 * 60 * 60 * 1000
// The User-Agent is kept as sent, cut to a length that says what it needs to.
const USER_AGENT_MAX = 512

export async function openSession(db: Db, userId: number, from: { userAgent: string; clientAddress: string; nowMs: number }): Promise<string> {
  const id = randomUUID()
  const at = new Date(from.nowMs)
  await db.delete(userSessions).where(and(eq(userSessions.userId, userId), lt(userSessions.createdAt, new Date(from.nowMs - KEEP_ROWS_MS))))
  await db.insert(userSessions).values({
    id,
    userId,
    createdAt: at,
    lastSeenAt: at,
    userAgent: from.userAgent.slice(0, USER_AGENT_MAX),
    clientAddress: from.clientAddress,
  })
  return id
}

/**
 * Ends the sessions of a user, all or all but `keep`, and (unless `tokensWithout` is false) makes
 * tokens without a session (from before sessions existed) and switched ones onto this user
 * invalid as well. Answers how many sessions ended. The caller drops the cached callers once its
 * transaction committed.
 */
export async function endSessionsOf(
  db: Db,
  userId: number,
  nowMs: number,
  how: { keep?: string | null; endedBy: SessionEnder; tokensWithout?: boolean },
): Promise<number> {
  const at = new Date(nowMs)
  // Whole seconds: a token's issue time is in seconds, and one issued in this second stays valid.
  if (how.tokensWithout !== false) {
    await db
      .update(users)
      .set({ sessionsValidFrom: new Date(Math.floor(nowMs / 1000) * 1000) })
      .where(eq(users.id, userId))
  }
  const ended = await db
    .update(userSessions)
    .set({ endedAt: at, endedBy: how.endedBy })
    .where(and(eq(userSessions.userId, userId), isNull(userSessions.endedAt), how.keep ? ne(userSessions.id, how.keep) : undefined))
    .returning({ id: userSessions.id })
  return ended.length
}

/** Ends one open session of a user; answers 1, or 0 when it is not theirs or had ended. */
export async function endSession(db: Db, userId: number, sessionId: string, nowMs: number, endedBy: SessionEnder): Promise<number> {
  const ended = await db
    .update(userSessions)
    .set({ endedAt: new Date(nowMs), endedBy })
    .where(and(eq(userSessions.id, sessionId), eq(userSessions.userId, userId), isNull(userSessions.endedAt)))
    .returning({ id: userSessions.id })
  return ended.length
}

// "Last seen" moves forward at most once a minute per session on this server: a write now and
// then, not on every call. It is not awaited — a call never waits for it, and a database that
// is faltering (a read served from the cache) is not asked to write.
const SEEN_EVERY_MS = 60_000
const SEEN_KEPT = 10_000
const seenAt = new Map<string, number>()

export function noteSessionSeen(db: Db, sessionId: string, nowMs: number): void {
  const last = seenAt.get(sessionId)
  if (last !== undefined && nowMs - last < SEEN_EVERY_MS) return
  if (seenAt.size >= SEEN_KEPT) seenAt.clear()
  seenAt.set(sessionId, nowMs)
  // A session only seen moments after it opened is up to date already.
  if (last === undefined) return
  db.update(userSessions)
    .set({ lastSeenAt: sql`greatest(${userSessions.lastSeenAt}, ${new Date(nowMs)})` })
    .where(and(eq(userSessions.id, sessionId), isNull(userSessions.endedAt)))
    .then(
      () => undefined,
      (error: unknown) => logger().debug({ err: error }, 'sessions: could not note a session as seen'),
    )
}

/** "Firefox on Linux": the browser and system a User-Agent names, in words; empty when it names neither. */
export function browserInWords(userAgent: string): string {
  if (!userAgent) return ''
  const parsed = Bowser.parse(userAgent)
  const browser = parsed.browser.name ?? ''
  const system = parsed.os.name ?? ''
  if (browser && system) return `${browser} · ${system}`
  return browser || system || userAgent.slice(0, 60)
}
