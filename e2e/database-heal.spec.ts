import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { E2E_BASE_PORT } from '../playwright.config'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/server/seed/demo-accounts'
import { expect, test } from './fixtures'
import { OwnServer, serveDuring } from './own-server'

// The embedded database killed under the built server, as the OOM killer does (decisions 050,
// 052): meanwhile every /vue/ call answers 200 or 503 with Retry-After (never 500), /health stays
// 200, the portal logs the death at error level and brings the database back by itself, and
// the database's own lines are in the portal's log stream.
test.setTimeout(120_000)

const server = new OwnServer(E2E_BASE_PORT + 28, `./data/e2e-database-heal-${process.pid}`, { LOG_FORMAT: 'json' })
serveDuring(test, server)

const logLine = z.looseObject({ level: z.number(), msg: z.string(), part: z.string().optional() })

test('a killed embedded database comes back by itself; calls meanwhile answer 503 with Retry-After, never 500', async () => {
  const login = await fetch(`${server.origin}/vue/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_ACCOUNTS.dealer.username, password: DEMO_PASSWORD }),
  })
  const { jwt } = z.object({ data: z.object({ jwt: z.string() }) }).parse(await login.json()).data
  // The company's contacts: not from the read cache, every call asks the database.
  const contacts = `${server.origin}/vue/company/${DEMO_ACCOUNTS.dealer.companyId}/contacts/`
  const ask = () => fetch(contacts, { headers: { authorization: `JWT ${jwt}` } })
  expect((await ask()).status).toBe(200)

  const postmaster = Number(readFileSync(join(server.dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0])
  process.kill(postmaster, 'SIGKILL')
  const killedAt = Date.now()
  const seen: string[] = []
  let back = 0
  while (Date.now() - killedAt < 60_000) {
    const [answer, health] = await Promise.all([ask(), fetch(`${server.origin}/health`)])
    expect(health.status).toBe(200)
    if (answer.status === 200 && seen.length > 0) {
      back = Date.now() - killedAt
      break
    }
    if (answer.status !== 200) {
      seen.push(`${answer.status} ${answer.headers.get('retry-after')}`)
      expect(answer.status, await answer.text()).toBe(503)
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  // A call made in the first moment may still have been served by a backend not yet gone: the
  // loop waits for a refusal before it counts the way back.
  expect(seen.length, 'no call was refused while the database was away').toBeGreaterThan(0)
  expect(back, 'the database did not come back within a minute').toBeGreaterThan(0)

  // Calls may be answered before the keeper has written that the server is back (the server
  // takes connections before its start has been confirmed): the lines are awaited, not read once.
  const lines = () =>
    server.stdoutLines.flatMap((line) => {
      const parsed = logLine.safeParse(JSON.parse(line.startsWith('{') ? line : 'null'))
      return parsed.success ? [parsed.data] : []
    })
  const dbLines = () =>
    lines()
      .flatMap((line) => (line.part === 'db' ? [line.msg] : []))
      .join('\n')
  const logged = (what: (line: z.infer<typeof logLine>) => boolean) =>
    expect.poll(() => lines().some(what), { timeout: 15_000, message: `the portal's database lines:\n${dbLines()}` })
  await logged((line) => line.level === 50 && /ended unexpectedly \(signal SIGKILL\): starting it again/.test(line.msg)).toBe(true)
  await logged((line) => /is back \(pid \d+\) after/.test(line.msg)).toBe(true)
  // PostgreSQL's own words on the way back, in the portal's stream.
  await logged((line) => line.part === 'postgres' && /database system (was interrupted|is ready)/.test(line.msg)).toBe(true)
  expect(lines().some((line) => /uncaught exception/i.test(line.msg))).toBe(false)
})
