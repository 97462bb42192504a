import { execFileSync } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { companyInfoEndpoint } from '../../src/contract/companies'
import { addressCreateEndpoint, type AddressCreateInput } from '../../src/contract/delivery'
import { openDatabase } from '../../src/server/db/client.server'
import { resetNoRoom } from '../../src/server/db/no-room.server'
import { prepareDatabase } from '../../src/server/db/prepare.server'
import { databaseCheck, newestMigration } from '../../src/server/ops/readiness.server'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { startApi, type CallResult, type TestApi } from '../helpers/api'
import { MIGRATIONS, admin } from '../helpers/database'
import { captureLog } from '../helpers/observed-server'

// A real full disk (decision 050): the delivery addresses live in a tablespace on a 1 MB tmpfs
// of the machine's PostgreSQL; new addresses are saved until the disk is full, then a save
// answers 503 with Retry-After and says so, /ready says "disk", and once room is made the next
// save works and /ready is ready again. Needs a PostgreSQL on this machine as superuser and the
// right to mount (root in a sandbox); skipped, with the reason, otherwise.
const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test'
const settings = z.object({ rows: z.array(z.object({ data_directory: z.string(), superuser: z.string() })).length(1) })

/** The folder for the tablespace, on a fresh tmpfs owned by the server's user, or why there is none. */
async function smallDisk(): Promise<{ folder: string } | { skip: string }> {
  const client = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 2000 })
  client.on('error', () => undefined)
  let serverUser: { uid: number; gid: number }
  try {
    await client.connect()
    const [row] = settings.parse(
      await client.query(`select current_setting('data_directory') as data_directory, current_setting('is_superuser') as superuser`),
    ).rows
    if (row?.superuser !== 'on') return { skip: `not a superuser at ${SERVER_URL} (a tablespace needs one)` }
    serverUser = statSync(row.data_directory)
  } catch (error) {
    return { skip: `no PostgreSQL of this machine at ${SERVER_URL} (${error instanceof Error ? error.message : String(error)})` }
  } finally {
    await client.end().catch(() => undefined)
  }
  const folder = mkdtempSync(join(tmpdir(), 'portal-small-disk-'))
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=1m,uid=${serverUser.uid},gid=${serverUser.gid},mode=0700`, 'tmpfs', folder], { stdio: 'pipe' })
  } catch (error) {
    rmSync(folder, { recursive: true, force: true })
    const why = error instanceof Error && 'stderr' in error ? String(error.stderr).trim() : String(error)
    return { skip: `cannot mount a tmpfs here (${why})` }
  }
  return { folder }
}

/** Fills what is left of the disk with a file of its own. */
function fillUp(file: string): void {
  const fd = openSync(file, 'w')
  try {
    for (const size of [65536, 4096, 512, 1]) {
      const chunk = Buffer.alloc(size)
      try {
        for (;;) writeSync(fd, chunk)
      } catch {
        // full at this size: on with a smaller one
      }
    }
  } finally {
    closeSync(fd)
  }
}

const disk = await smallDisk()
if ('skip' in disk) console.warn(`real full disk: skipped, ${disk.skip}`)

describe.runIf('folder' in disk)('a real full disk', () => {
  const folder = 'folder' in disk ? disk.folder : ''
  const suffix = randomBytes(6).toString('hex')
  const tablespace = `portal_small_${suffix}`
  const name = `portal_disk_${suffix}`
  const filler = join(folder, 'filler')
  const { carpenter } = DEMO_ACCOUNTS
  const newAddress = (fields: AddressCreateInput, options: { token: string; locale?: 'de' | 'en' }) =>
    api.call(addressCreateEndpoint, { cid: carpenter.companyId, ...fields }, options)
  const address = (n: number) => ({
    name1: `Lager ${n}`,
    address1: 'Industriestraße 12',
    zip: '70565',
    city: 'Stuttgart',
    country: 'DE',
    phone: '+49 711 123456',
  })
  let api: TestApi
  let token: string

  beforeAll(async () => {
    await admin(SERVER_URL, `create tablespace ${tablespace} location '${folder}'`)
    await admin(SERVER_URL, `create database ${name}`)
    const url = new URL(SERVER_URL)
    url.pathname = `/${name}`
    const opened = await openDatabase({ url: url.toString() })
    await prepareDatabase(opened, { migrationsFolder: MIGRATIONS, seed: true })
    await opened.db.execute(sql.raw(`alter table delivery_addresses set tablespace ${tablespace}`))
    api = await startApi({ database: { ...opened, dispose: () => opened.close() } })
    token = await api.loginAs(carpenter.username)
  })
  afterAll(async () => {
    resetNoRoom()
    await api?.close()
    await admin(SERVER_URL, `drop database if exists ${name} with (force)`)
    await admin(SERVER_URL, `drop tablespace if exists ${tablespace}`)
    execFileSync('umount', [folder])
    rmSync(folder, { recursive: true, force: true })
  })

  it('answers a save 503 with Retry-After while the disk is full, /ready says "disk", and both recover once room is made', async () => {
    const check = databaseCheck(() => Promise.resolve(api.database), newestMigration(MIGRATIONS))
    expect(await check()).toEqual({ ready: true })
    fillUp(filler)
    const log = captureLog('warn')
    try {
      // The table's last page may still have room for a few rows.
      let refused: CallResult | undefined
      for (let n = 0; n < 500 && !refused; n++) {
        const saved = await newAddress(address(n), { token })
        if (saved.httpStatus !== 200) refused = saved
      }
      expect(refused?.httpStatus, refused?.messages.join(' ')).toBe(503)
      expect(refused?.headers.get('retry-after')).toBe('30')
      expect(refused?.messages).toEqual(['The server has no room to save right now. Please try again later.'])
      const german = await newAddress(address(1000), { token, locale: 'de' })
      expect([german.httpStatus, ...german.messages]).toEqual([
        503,
        'Der Server hat gerade keinen Platz zum Speichern. Bitte versuchen Sie es später noch einmal.',
      ])
      expect(await check()).toEqual({ ready: false, reason: 'disk' })
      // Reads go on.
      expect((await api.call(companyInfoEndpoint, { id: carpenter.companyId }, { token })).httpStatus).toBe(200)

      rmSync(filler)
      const saved = await newAddress(address(1001), { token })
      expect(saved.httpStatus, saved.messages.join(' ')).toBe(200)
      expect(await check()).toEqual({ ready: true })
      const messages = log.lines.map((line) => line.msg)
      expect(messages.filter((msg) => msg?.startsWith('the database has no room to write'))).toHaveLength(1)
      expect(messages.filter((msg) => msg === 'the database writes again')).toHaveLength(1)
      expect(messages.filter((msg) => msg === 'unexpected error')).toEqual([])
    } finally {
      log.release()
    }
  })
})
