import { mkdtempSync, openAsBlob, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import pg from 'pg'
import { z } from 'zod'
import { vartextXmlFile } from '../bench/lib/stall-files'
import { loadMoveTree } from '../bench/lib/stall-move'
import { E2E_BASE_PORT, E2E_JWT_SECRET } from '../playwright.config'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { expect, test } from './fixtures'
import { OwnServer } from './own-server'
import { priceListFile } from './price-list-file'
import { sharedPostgres, type SharedPostgres } from './shared-postgres'
import { signIn, vueCall } from './vue-call'

// SIGKILL of the built server in the middle of each long job (decision 033), on the embedded
// database and on PostgreSQL (DATABASE_URL). "In the middle" is made certain, not timed: a
// connection of the test holds a lock the job needs near its end, so the job has written most
// of its rows, uncommitted, when the server is killed. After the restart the job's work is there
// not at all, and the same job then runs through.
test.describe.configure({ mode: 'serial' })
test.setTimeout(180_000)

const count = z.object({ n: z.coerce.number() })

for (const engine of ['embedded', 'PostgreSQL'] as const) {
  test.describe(`SIGKILL in the middle of a long job (${engine} database)`, () => {
    const offset = engine === 'embedded' ? 16 : 17
    let database: SharedPostgres | undefined
    let server: OwnServer
    let work: string

    /** A connection of the test's own to the server's database (the embedded one through its socket). */
    function connection(): pg.ClientConfig {
      if (database) return { connectionString: database.url }
      // The socket's folder is the fifth line of postmaster.pid (a long data path puts it elsewhere).
      const socket = readFileSync(resolve(server.dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[4]
      return { host: socket, user: 'postgres', database: 'portal' }
    }

    async function query(text: string, values: unknown[] = []): Promise<unknown[]> {
      const client = new pg.Client(connection())
      await client.connect()
      try {
        return (await client.query(text, values)).rows
      } finally {
        await client.end()
      }
    }

    /**
     * Runs `job` while a connection holds `lock` (a statement inside a transaction); once the job
     * waits for it, SIGKILLs the server, then lets go and starts the server again.
     */
    async function killDuring(lock: string, job: () => Promise<unknown>): Promise<void> {
      const holder = new pg.Client(connection())
      holder.on('error', () => undefined) // the embedded database goes down with the server
      await holder.connect()
      await holder.query('begin')
      await holder.query(lock)
      const running = job().catch((error: unknown) => error)
      await expect
        .poll(
          async () =>
            count.parse((await query(`select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`))[0]).n,
          {
            timeout: 60_000,
          },
        )
        .toBeGreaterThan(0)
      const exit = await server.kill('SIGKILL')
      expect(exit.signal).toBe('SIGKILL')
      await running
      await holder.query('rollback').catch(() => undefined)
      await holder.end().catch(() => undefined)
      if (!database) await expect.poll(() => server.databaseProcesses(), { timeout: 10_000 }).toEqual([])
      await server.start()
    }

    test.beforeAll(async () => {
      work = mkdtempSync(join(tmpdir(), 'e2e-kill-'))
      database = engine === 'PostgreSQL' ? await sharedPostgres('portal_kill_jobs') : undefined
      const env: Record<string, string> = { JWT_SECRET: E2E_JWT_SECRET }
      if (database) Object.assign(env, { DATABASE_URL: database.url, SEED_DEMO: 'always' })
      server = new OwnServer(E2E_BASE_PORT + offset, `./data/e2e-kill-${engine}-${process.pid}`, env)
      server.remove()
      await server.start()
    })

    test.afterAll(async () => {
      await server?.stop()
      server?.remove()
      await database?.dispose()
      rmSync(work, { recursive: true, force: true })
    })

    test('a price apply: nothing of it after the restart, then it applies', async () => {
      const rows = 40_000
      const file = await priceListFile(rows, `KILL-${engine.slice(0, 3).toUpperCase()}`)
      const upload = async (dryRun: boolean) => {
        const form = new FormData()
        form.set('prices', await openAsBlob(file, { type: 'text/csv' }), 'prices.csv')
        return vueCall(server.origin, 'POST', `/vue/price/upload/?dry_run=${dryRun ? 1 : 0}`, await signIn(server.origin, DEMO_ACCOUNTS.staff.username), form)
      }
      const logsBefore = count.parse((await query('select count(*) as n from price_logs'))[0]).n
      // The apply's last write is its audit entry: by then the price list and the log rows are written.
      await killDuring('lock table audit_log in share mode', () => upload(false))
      expect(count.parse((await query('select count(*) as n from price_logs'))[0]).n).toBe(logsBefore)
      const check = await upload(true)
      expect(check.data).toMatchObject({ rows, new: rows, changed: 0, unchanged: 0 })
      const applied = await upload(false)
      expect(applied.http, applied.messages.join()).toBe(200)
      expect(applied.data).toMatchObject({ rows, new: rows })
      rmSync(file, { force: true })
    })

    test('an XML import: none of its texts after the restart, then it imports', async () => {
      const texts = 20_000
      const file = await vartextXmlFile(join(work, 'vartext.xml'), texts)
      const token = await signIn(server.origin, DEMO_ACCOUNTS.translator.username)
      const importFile = async () => {
        const form = new FormData()
        form.set('file', await openAsBlob(file, { type: 'text/xml' }), 'vartext.xml')
        return vueCall(server.origin, 'POST', '/vue/i18n/vartext-xml/', token, form)
      }
      // Texts are written first, their translations after: hold the translations back.
      await killDuring('lock table translations in share mode', importFile)
      const stored = async () => count.parse((await query(`select count(*) as n from texts where key like 'stall.%'`))[0]).n
      expect(await stored()).toBe(0)
      const imported = await importFile()
      expect(imported.http, imported.messages.join()).toBe(200)
      expect(await stored()).toBe(texts)
    })

    test('a translation save of 1,000 changes: none of them after the restart, then all', async () => {
      const token = await signIn(server.origin, DEMO_ACCOUNTS.translator.username)
      const state = z
        .object({
          texts: z.array(z.object({ text: z.string() })),
          languages: z.record(z.string(), z.tuple([z.string(), z.record(z.string(), z.string())])),
          stamps: z.record(z.string(), z.record(z.string(), z.string())),
        })
        .parse((await vueCall(server.origin, 'GET', '/vue/i18n/vartext/?src=master&dst=fr', token)).data)
      const french = state.languages.fr?.[1] ?? {}
      const untranslated = state.texts.map((entry) => entry.text).filter((key) => !(key in french))
      const [translated] = state.texts.map((entry) => entry.text).filter((key) => key in french)
      expect(untranslated.length).toBeGreaterThanOrEqual(999)
      expect(translated).toBeDefined()
      const keys = [...untranslated.slice(0, 999), translated!]
      const values = Object.fromEntries(keys.map((key, n) => [key, `Traduction ${n}`]))
      const base = Object.fromEntries(keys.map((key) => [key, key === translated ? (state.stamps.fr?.[key] ?? null) : null]))
      const save = () =>
        vueCall(server.origin, 'POST', '/vue/i18n/vartext/', token, {
          languages: { fr: ['', values] },
          changes: { fr: keys },
          pid2trus: {},
          base: { fr: base },
        })
      // The changes are written 500 at a time; the last one is a row the test holds: the first
      // 500 are written when the save waits for it.
      const held = `select 1 from translations t join texts x on x.id = t.text_id where x.kind = 'vartext' and x.key = '${translated!.replaceAll("'", "''")}' and t.language_code = 'fr' for update of t`
      await killDuring(held, save)
      const saved = async () =>
        count.parse(
          (
            await query(
              `select count(*) as n from translations t join texts x on x.id = t.text_id where x.kind = 'vartext' and t.language_code = 'fr' and t.value like 'Traduction %'`,
            )
          )[0],
        ).n
      expect(await saved()).toBe(0)
      const again = await save()
      expect(again.http, again.messages.join()).toBe(200)
      expect(await saved()).toBe(1_000)
    })

    test('a move of 20,000 companies: the subtree where it was after the restart, then it moves', async () => {
      const tree = await loadMoveTree(connection(), { total: 20_100, subtree: 20_000 })
      const token = await signIn(server.origin, DEMO_ACCOUNTS.staff.username)
      const below = async (parent: number) =>
        count.parse(
          (
            await query(`select count(*) as n from company_tree t where t.path like (select path from company_tree where company_id = $1) || $2 || '/%'`, [
              parent,
              tree.moved,
            ])
          )[0],
        ).n
      expect(await below(tree.home)).toBe(20_000)
      const move = () => vueCall(server.origin, 'POST', `/vue/company/${tree.moved}/set-parent/`, token, { parent: tree.away })
      await killDuring('lock table audit_log in share mode', move)
      expect(await below(tree.home)).toBe(20_000)
      expect(await below(tree.away)).toBe(0)
      const moved = await move()
      expect(moved.http, moved.messages.join()).toBe(200)
      expect(await below(tree.away)).toBe(20_000)
      expect(await below(tree.home)).toBe(0)
    })
  })
}
