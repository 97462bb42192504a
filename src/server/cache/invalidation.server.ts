import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '../db/client.server'
import type { Listening } from '../db/listen.server'
import type { Db } from '../db/types'
import { logger } from '../ops/logger.server'

// The read caches of several app servers on one PostgreSQL agree within moments (decision
// 009): a write that makes cached reads wrong drops them on this server and then
// announces it with NOTIFY on CACHE_CHANNEL (after its transaction committed, so nobody reloads
// the old state); every other server LISTENs and drops the same. A server that lost its
// listening connection drops everything when it is back, since it may have missed messages.
// The TTL of the read cache stays the backstop.
export const CACHE_CHANNEL = 'portal_cache'

/** What became stale: the callers behind tokens, company paths and infos, the maintenance state. */
const cacheTopic = z.enum(['callers', 'companies', 'maintenance'])
export type CacheTopic = z.infer<typeof cacheTopic>

/**
 * A NOTIFY payload, "<sender> <topic>", parsed (parse at every edge, docs/architecture.md): one
 * that does not fit (another version's topic) is passed over.
 */
const notice = z.tuple([z.string(), cacheTopic])

type Dropper = (db: Db) => void
// Each database handle names itself in its messages and ignores its own: one per server, or
// several in one test process standing in for several servers.
type Registry = { senders: WeakMap<Db, string>; droppers: Map<CacheTopic, Set<Dropper>> }

declare global {
  var __portalCacheTopics: Registry | undefined
}

// On globalThis: the bundler may copy this module into more than one chunk of the built server
// (see db/instance.server.ts); every copy must see the same droppers and the same server id.
function registry(): Registry {
  globalThis.__portalCacheTopics ??= { senders: new WeakMap(), droppers: new Map() }
  return globalThis.__portalCacheTopics
}

function senderOf(db: Db): string {
  const { senders } = registry()
  let id = senders.get(db)
  if (!id) senders.set(db, (id = randomUUID()))
  return id
}

/** A cache says how it drops what `topic` makes stale (on this server, for this database). */
export function dropsOn(topic: CacheTopic, drop: Dropper): void {
  const { droppers } = registry()
  let set = droppers.get(topic)
  if (!set) droppers.set(topic, (set = new Set()))
  set.add(drop)
}

function dropLocally(db: Db, topic: CacheTopic): void {
  for (const drop of registry().droppers.get(topic) ?? []) drop(db)
}

/**
 * Drops what `topic` makes stale on this server, then tells the others. Call it after the write
 * committed. A failed NOTIFY is logged, not thrown: the write stands, and the other servers'
 * TTL still ends their copies.
 */
export async function invalidate(db: Db, topic: CacheTopic): Promise<void> {
  dropLocally(db, topic)
  try {
    await db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${`${senderOf(db)} ${topic}`})`)
  } catch (error) {
    logger().warn({ topic, err: error }, 'cache: could not tell other servers of a change')
  }
}

/** Listens for the other servers' announcements; null where the database cannot (PGlite). */
export function listenForInvalidations(database: Database): Listening | null {
  if (!database.listen) return null
  const self = senderOf(database.db)
  return database.listen(CACHE_CHANNEL, {
    onMessage: (payload) => {
      const parsed = notice.safeParse(payload.split(' ', 2))
      if (!parsed.success || parsed.data[0] === self) return
      dropLocally(database.db, parsed.data[1])
    },
    onGap: () => {
      for (const topic of cacheTopic.options) dropLocally(database.db, topic)
    },
  })
}
