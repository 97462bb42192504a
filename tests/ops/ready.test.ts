import { readFileSync } from 'node:fs'
import { createServer, type Socket } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { openDatabase, type Database } from '../../src/server/db/client.server'
import { useLogger } from '../../src/server/ops/logger.server'
import { databaseCheck, newestMigration, readinessAnswer } from '../../src/server/ops/readiness.server'
import { MIGRATIONS, freshDatabase, type TestDatabase } from '../helpers/database'
import { captureLog } from '../helpers/observed-server'

// Readiness (decision 041): what /ready asks of the database — that it answers within its time and
// holds the newest migration of the server's folder. The phases (starting, draining) are the
// built server's and are tested against it (e2e/ops.spec.ts).
let database: TestDatabase
beforeAll(async () => {
  database = await freshDatabase({ seed: false })
})
afterAll(() => database.dispose())
afterEach(() => useLogger(undefined))

const journal = z.object({ entries: z.array(z.object({ when: z.number(), tag: z.string() })) })

describe('readiness', () => {
  it("knows the folder's newest migration from its journal", () => {
    const { entries } = journal.parse(JSON.parse(readFileSync(`${MIGRATIONS}/meta/_journal.json`, 'utf8')))
    expect(newestMigration(MIGRATIONS)).toBe(Math.max(...entries.map((entry) => entry.when)))
  })

  it('is ready when the database answers and holds the newest migration; not when a newer one is missing', async () => {
    const newest = newestMigration(MIGRATIONS)
    expect(await databaseCheck(() => Promise.resolve(database), newest)()).toEqual({ ready: true })
    expect(await databaseCheck(() => Promise.resolve(database), newest + 1)()).toEqual({ ready: false, reason: 'migrations' })
    expect(await databaseCheck(() => undefined, newest)()).toEqual({ ready: false, reason: 'starting' })
  })

  it('is not ready when the database is closed, and says so in the log once, not per probe', async () => {
    const log = captureLog()
    const closed = await freshDatabase({ seed: false })
    await closed.dispose()
    const check = databaseCheck(() => Promise.resolve(closed), newestMigration(MIGRATIONS))
    for (let probe = 0; probe < 3; probe++) expect(await check()).toEqual({ ready: false, reason: 'database' })
    expect(log.lines.filter((line) => line.msg?.startsWith('not ready'))).toHaveLength(1)
  })

  it('is not ready when the database does not answer within the time, and probes meanwhile share the one check', async () => {
    // A port that takes connections and never says a word: a database that hangs.
    const sockets: Socket[] = []
    const silent = createServer((socket) => sockets.push(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const address = silent.address()
    const port = typeof address === 'object' && address ? address.port : 0
    const hanging: Database = await openDatabase({ url: `postgres://portal@127.0.0.1:${port}/portal` })
    try {
      const check = databaseCheck(() => Promise.resolve(hanging), newestMigration(MIGRATIONS), 300)
      const began = Date.now()
      const first = check()
      expect(check()).toBe(first)
      expect(await first).toEqual({ ready: false, reason: 'database' })
      expect(Date.now() - began).toBeLessThan(2000)
    } finally {
      for (const socket of sockets) socket.destroy()
      await hanging.close().catch(() => undefined)
      await new Promise<void>((resolve) => silent.close(() => resolve()))
    }
  })

  it('answers 200, or 503 with the reason and Retry-After', () => {
    expect(readinessAnswer({ ready: true })).toMatchObject({ status: 200, body: '{"ready":true}' })
    const stopping = readinessAnswer({ ready: false, reason: 'stopping' })
    expect(stopping).toMatchObject({ status: 503, body: '{"ready":false,"reason":"stopping"}' })
    expect(stopping.headers['retry-after']).toBe('5')
    expect(stopping.headers['cache-control']).toBe('no-store')
  })
})
