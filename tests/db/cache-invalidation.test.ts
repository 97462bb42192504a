import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { contactDetailEndpoint, contactEditEndpoint } from '../../src/contract/contacts'
import { endSessionEndpoint, userSessionsEndpoint } from '../../src/contract/user-sessions'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { dropsOn, invalidate, listenForInvalidations } from '../../src/server/cache/invalidation.server'
import { openDatabase, type Database } from '../../src/server/db/client.server'
import type { Listening } from '../../src/server/db/listen.server'
import { authenticate } from '../../src/server/endpoint/access.server'
import { startApi, type TestApi } from '../helpers/api'
import { unchecked } from '../helpers/endpoint-call'

// Two app servers on one PostgreSQL (decision 009): each has its own read caches (one per database
// handle). A write on one that makes cached reads stale is heard by the other at once, not after
// READ_CACHE_TTL_MS (5 s). Only on PostgreSQL: PGlite is one process, nobody else to tell.
describe.runIf(process.env.TEST_DATABASE_URL)('read caches of several servers on one PostgreSQL', () => {
  let api: TestApi
  let other: Database
  let listening: Listening | null
  const { dealer, carpenter, industry } = DEMO_ACCOUNTS
  const authenticated = { kind: 'authenticated' } as const

  beforeAll(async () => {
    api = await startApi()
    other = await openDatabase({ url: await urlOf(api) })
    listening = listenForInvalidations(other)
    await listening?.ready
  })
  afterAll(async () => {
    await listening?.stop()
    await other.close()
    await api.close()
  })

  /** Polls `check` for up to 1.5 s — well inside the 5 s a cached caller would otherwise live. */
  async function soon(check: () => Promise<boolean>): Promise<boolean> {
    for (let waited = 0; waited < 1_500; waited += 50) {
      if (await check()) return true
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    return false
  }

  it('ends a deactivated user on the other server at once', async () => {
    const carpenterToken = await api.loginAs(carpenter.username)
    const dealerToken = await api.loginAs(dealer.username)
    const now = Date.now()
    // The other server admits the carpenter and keeps the caller in its read cache.
    expect(await authenticate(other.db, authenticated, carpenterToken, now)).toMatchObject({ userId: carpenter.userId })
    const detail = z.record(z.string(), z.unknown()).parse((await api.call(contactDetailEndpoint, { id: carpenter.userId }, { token: dealerToken })).data)
    const edited = await api.call(contactEditEndpoint, unchecked({ id: carpenter.userId, ...detail, is_active: false }), { token: dealerToken })
    expect(edited.httpStatus, edited.messages.join(' ')).toBe(200)
    const refused = await soon(() =>
      authenticate(other.db, authenticated, carpenterToken, Date.now()).then(
        () => false,
        () => true,
      ),
    )
    expect(refused).toBe(true)
  })

  it('refuses a session ended on one server on the other within a second (decision 056)', async () => {
    const phone = await api.loginAs(industry.username)
    const desk = await api.loginAs(industry.username)
    // The other server admits the phone's token and keeps its caller in its read cache.
    expect(await authenticate(other.db, authenticated, phone, Date.now())).toMatchObject({ userId: industry.userId })
    const listed = (await api.call(userSessionsEndpoint, {}, { token: phone })).data
    const phoneId = listed.sessions.find((row) => row.current)!.id
    const ended = await api.call(endSessionEndpoint, { id: phoneId }, { token: desk })
    expect(ended.httpStatus, ended.messages.join(' ')).toBe(200)
    const endedAt = Date.now()
    let refusedAfterMs: number | null = null
    while (Date.now() - endedAt <= 1_000) {
      const refused = await authenticate(other.db, authenticated, phone, Date.now()).then(
        () => false,
        () => true,
      )
      if (refused) {
        refusedAfterMs = Date.now() - endedAt
        break
      }
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(refusedAfterMs, 'refused on the other server within 1 s').not.toBeNull()
    expect(await authenticate(other.db, authenticated, desk, Date.now())).toMatchObject({ userId: industry.userId })
  })

  it('drops everything after the listening connection was lost (messages may have been missed)', async () => {
    const dropped: string[] = []
    dropsOn('companies', (db) => {
      if (db === other.db) dropped.push('companies')
    })
    // The server's own messages are not for itself; another's are.
    await invalidate(other.db, 'companies')
    dropped.length = 0
    await invalidate(api.database.db, 'companies')
    expect(await soon(async () => dropped.length > 0)).toBe(true)
    dropped.length = 0
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
    await admin.connect()
    try {
      const name = new URL(await urlOf(api)).pathname.slice(1)
      const ended = await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query ilike 'listen %'`, [name])
      expect(ended.rowCount).toBe(1)
    } finally {
      await admin.end()
    }
    // It connects again about a second later and then drops what it may have missed.
    const gap = await new Promise<boolean>((resolve) => {
      const started = Date.now()
      const tick = () => (dropped.length > 0 ? resolve(true) : Date.now() - started > 5_000 ? resolve(false) : setTimeout(tick, 50))
      tick()
    })
    expect(gap).toBe(true)
  })
})

/** The URL of the test's own database, on the server TEST_DATABASE_URL names. */
async function urlOf(api: TestApi): Promise<string> {
  const result = await api.database.db.execute(sql`select current_database() as name`)
  const name = z.object({ rows: z.array(z.object({ name: z.string() })).length(1) }).parse(result).rows[0]!.name
  const url = new URL(process.env.TEST_DATABASE_URL ?? '')
  url.pathname = `/${name}`
  return url.toString()
}
