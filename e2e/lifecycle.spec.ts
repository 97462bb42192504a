import { createServer } from 'node:net'
import { existsSync, mkdirSync, mkdtempSync, openAsBlob, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { E2E_BASE_PORT } from '../playwright.config'
import { openDatabase } from '../src/server/db/client.server'
import { prepareDatabase } from '../src/server/db/prepare.server'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { expect, test } from './fixtures'
import { OwnServer } from './own-server'
import { priceListFile } from './price-list-file'
import { signIn, vueCall } from './vue-call'

// The built server run the way operators run it: start, write, stop with a signal, start
// again on the same data folder. No browser: these are the process's promises.
test.describe.configure({ mode: 'serial' })
test.setTimeout(240_000)

const orders = z.object({ orders: z.array(z.object({ basket_number: z.string(), status: z.number(), can_approve: z.boolean() })) })
const uploadCounts = z.object({ rows: z.number(), changed: z.number(), new: z.number(), unchanged: z.number() })
const logs = z.object({ no_of_logs: z.number(), entries: z.array(z.object({ id: z.number() })) })
const dbLine = z.looseObject({ part: z.string().optional(), msg: z.string().optional() })

function staffToken(origin: string): Promise<string> {
  return signIn(origin, DEMO_ACCOUNTS.staff.username)
}

function spooled(dataDir: string): string[] {
  const folder = join(dataDir, 'spool')
  return existsSync(folder) ? readdirSync(folder) : []
}

async function upload(origin: string, token: string, file: string, dryRun: boolean) {
  const form = new FormData()
  form.set('prices', await openAsBlob(file, { type: 'text/csv' }), 'prices.csv')
  return vueCall(origin, 'POST', `/vue/price/upload/?dry_run=${dryRun ? 1 : 0}`, token, form)
}

test.describe('stopping and starting the built server', () => {
  const server = new OwnServer(E2E_BASE_PORT + 6, `./data/e2e-lifecycle-${process.pid}`)
  test.beforeAll(() => server.remove())
  test.afterAll(async () => {
    await server.stop()
    server.remove()
  })

  test('a write that answered 200 is there after SIGTERM, SIGINT and SIGKILL', async () => {
    await server.start()
    const token = await staffToken(server.origin)
    const list = await vueCall(server.origin, 'GET', '/vue/basket/list/?dealer=1', token)
    const waiting = orders.parse(list.data).orders.filter((order) => order.status === 2 && order.can_approve)
    expect(waiting.length).toBeGreaterThanOrEqual(3)

    for (const [index, signal] of (['SIGTERM', 'SIGINT', 'SIGKILL'] as const).entries()) {
      const basket = waiting[index]?.basket_number ?? ''
      const approved = await vueCall(server.origin, 'POST', `/vue/basket/${basket}/approve/?approvalNumber=STOP-${index}`, token)
      expect(approved.http, approved.messages.join()).toBe(200)
      const exit = await server.kill(signal)
      if (signal !== 'SIGKILL') {
        expect(exit.code, exit.output).toBe(0)
        expect(exit.output).toContain('"msg":"stopped."')
      }
      // No database process outlives the portal, however it ended.
      await expect.poll(() => server.databaseProcesses(), { timeout: 10_000 }).toEqual([])
      await server.start()
      for (const earlier of waiting.slice(0, index + 1)) {
        const status = await vueCall(server.origin, 'GET', `/vue/basket/${earlier.basket_number}/status/`, await staffToken(server.origin))
        expect(status.data, `${earlier.basket_number} after ${signal}`).toMatchObject({ order_status: 3 })
      }
    }
  })

  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    test(`${signal} during a large price upload: after a restart it is applied fully or not at all, and every price call answers`, async () => {
      // A short drain, so SIGTERM closes the upload's connection while its transaction runs.
      const quick = new OwnServer(E2E_BASE_PORT + 7, server.dataDir, { SHUTDOWN_TIMEOUT_MS: '300' })
      await server.stop()
      await quick.start()
      const rows = 150_000
      const file = await priceListFile(rows, 'STOP')
      const token = await staffToken(quick.origin)
      const running = upload(quick.origin, token, file, false).catch((error: unknown) => error)
      // Stop once the body has been received and the apply is under way.
      await expect.poll(() => spooled(quick.dataDir).length, { timeout: 30_000 }).toBeGreaterThan(0)
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      const exit = await quick.kill(signal)
      await running
      if (signal === 'SIGTERM') expect(exit.output).toContain('SIGTERM: stopping')
      await expect.poll(() => quick.databaseProcesses(), { timeout: 10_000 }).toEqual([])

      await server.start()
      // A killed upload's spool folder is gone after the start.
      expect(spooled(server.dataDir)).toEqual([])
      const again = await staffToken(server.origin)
      const check = await upload(server.origin, again, file, true)
      expect(check.http, check.messages.join()).toBe(200)
      const counts = uploadCounts.parse(check.data)
      expect(counts.rows).toBe(rows)
      // Either every row is there unchanged, or none is.
      expect(counts.unchanged === rows || counts.new === rows, JSON.stringify(counts)).toBe(true)
      const list = await vueCall(server.origin, 'GET', '/vue/price/logs/?number_per_page=20&page=1&sort=-date', again)
      expect(list.http).toBe(200)
      const newest = logs.parse(list.data).entries[0]
      expect(newest).toBeDefined()
      expect((await vueCall(server.origin, 'GET', `/vue/price/log/${newest?.id ?? 0}/`, again)).http).toBe(200)
      // And a small upload applies.
      const small = join(mkdtempSync(join(tmpdir(), 'e2e-prices-')), 'small.csv')
      writeFileSync(small, `article_uid;article_type;price\nSTOP-AFTER-${signal};GRIFF;12,50\n`)
      const applied = await upload(server.origin, again, small, false)
      expect(applied.http, applied.messages.join()).toBe(200)
      rmSync(file, { force: true })
    })
  }

  test('a second server on the same data folder refuses to start, and the first keeps serving', async () => {
    // The server of the test before is still running.
    const second = new OwnServer(E2E_BASE_PORT + 7, server.dataDir)
    second.spawn()
    const exit = await second.exited()
    expect(exit.code).toBe(1)
    expect(exit.output).toContain(`another portal process (pid ${server.pid})`)
    expect(exit.output).not.toContain('is ready')
    expect((await vueCall(server.origin, 'GET', '/vue/maintenance/')).http).toBe(200)
    await staffToken(server.origin)
  })
})

test.describe('starting', () => {
  test('a request during the first start gets 503, a stop then closes cleanly, and the next start serves', async () => {
    const server = new OwnServer(E2E_BASE_PORT + 8, `./data/e2e-first-start-${process.pid}`)
    server.remove()
    try {
      server.spawn()
      let answer: Response | undefined
      await expect
        .poll(
          async () => {
            answer = await fetch(`${server.origin}/vue/maintenance/`, { headers: { 'accept-language': 'en' } }).catch(() => undefined)
            return answer?.status
          },
          { timeout: 30_000, intervals: [50] },
        )
        .toBeDefined()
      expect(answer?.status).toBe(503)
      expect(answer?.headers.get('retry-after')).toBeTruthy()
      expect(await answer?.json()).toEqual({ status: false, messages: ['The portal is starting. Please try again in a few seconds.'] })
      const page = await fetch(`${server.origin}/`)
      expect(page.status).toBe(503)

      const exit = await server.kill('SIGTERM')
      expect(exit.code, exit.output).toBe(0)
      await server.start()
      await staffToken(server.origin)
      // Log lines go out in writes of many lines, at most 100 ms after they are written.
      await expect.poll(() => server.output).toContain('is ready')
    } finally {
      await server.stop()
      server.remove()
    }
  })

  test('a port in use ends the start with the reason, before the database is touched', async () => {
    const port = E2E_BASE_PORT + 9
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(port, resolve))
    const server = new OwnServer(port, `./data/e2e-port-taken-${process.pid}`)
    server.remove()
    try {
      server.spawn()
      const exit = await server.exited()
      expect(exit.code).toBe(1)
      expect(exit.output).toContain(`port ${port} is already in use`)
      expect(exit.output).not.toContain('is ready')
      expect(existsSync(join(server.dataDir, 'postgres'))).toBe(false)
    } finally {
      blocker.close()
      server.remove()
    }
  })

  test('a data folder of the earlier PGlite default is moved over at the first start, with nothing lost', async () => {
    const server = new OwnServer(E2E_BASE_PORT + 8, `./data/e2e-pglite-move-${process.pid}`)
    server.remove()
    const old = await openDatabase({ dataDir: join(server.dataDir, 'pglite') })
    await prepareDatabase(old, { migrationsFolder: 'src/server/db/migrations', seed: true })
    await old.db.execute(sql`
      insert into maintenance_settings (id, flash_text) values (1, 'Aus PGlite übernommen')
      on conflict (id) do update set flash_text = excluded.flash_text`)
    await old.close()
    try {
      await server.start()
      // Said as a log line like any other: stdout holds JSON lines only, for a log stack.
      await expect.poll(() => server.output).toContain('is ready')
      // Each part's log lines are written at their own pace: the move's last line may follow the ready one.
      const dbMessages = () => server.stdoutLines.map((line) => dbLine.parse(JSON.parse(line))).filter((line) => line.part === 'db')
      await expect.poll(() => dbMessages().some((line) => /^moved [\d,]+ rows in \d+ tables/.test(line.msg ?? ''))).toBe(true)
      const messages = dbMessages()
      const moving = messages.findIndex((line) => line.msg?.startsWith('moving the embedded database from PGlite'))
      const moved = messages.findIndex((line) => /^moved [\d,]+ rows in \d+ tables/.test(line.msg ?? ''))
      expect(moving, JSON.stringify(messages)).toBeGreaterThanOrEqual(0)
      expect(moved, JSON.stringify(messages)).toBeGreaterThan(moving)
      const maintenance = await vueCall(server.origin, 'GET', '/vue/maintenance/')
      expect(maintenance.data).toMatchObject({ flash_text: 'Aus PGlite übernommen' })
      // The demo accounts came along (none were made anew: the moved database has users).
      await staffToken(server.origin)
      expect(readdirSync(server.dataDir).filter((name) => name.startsWith('pglite'))).toEqual([expect.stringMatching(/^pglite\.moved-\d{4}-\d{2}-\d{2}$/)])
      // A second start has nothing to move.
      await server.stop()
      await server.start()
      await expect.poll(() => server.output).toContain('is ready')
      expect(server.output).not.toContain('moving the embedded database')
      expect((await vueCall(server.origin, 'GET', '/vue/maintenance/')).data).toMatchObject({ flash_text: 'Aus PGlite übernommen' })
    } finally {
      await server.stop()
      server.remove()
    }
  })

  test('upload files left by a killed process are removed at the next start', async () => {
    const server = new OwnServer(E2E_BASE_PORT + 8, `./data/e2e-spool-${process.pid}`, { SEED_DEMO: 'never' })
    server.remove()
    const left = join(server.dataDir, 'spool', 'upload-left-behind')
    mkdirSync(left, { recursive: true })
    writeFileSync(join(left, 'file-1'), 'article_uid;article_type;price\n')
    try {
      await server.start()
      expect(existsSync(left)).toBe(false)
    } finally {
      await server.stop()
      server.remove()
    }
  })
})
