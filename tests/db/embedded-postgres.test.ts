import { spawn } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { openDatabase } from '../../src/server/db/client.server'
import { accountFor, launch } from '../../src/server/db/embedded/account.server'
import { postgresBinaries } from '../../src/server/db/embedded/binaries.server'
import { openEmbeddedDatabase } from '../../src/server/db/embedded/open.server'
import { isRunning, waitUntilGone } from '../../src/server/db/embedded/orphan.server'
import { MIGRATIONS } from '../helpers/database'

// The embedded PostgreSQL (decision 032): its own processes, a Unix socket only, one owner per
// folder, every committed write kept across any stop, and no process left behind.
const folders: string[] = []
function dataDir(): string {
  const path = mkdtempSync(join(tmpdir(), 'portal-embedded-'))
  // As a new user's project folder: others may enter (a closed one is tested on its own below).
  chmodSync(path, 0o755)
  folders.push(path)
  return path
}
afterAll(() => {
  for (const path of folders) rmSync(path, { recursive: true, force: true })
})

const open = (folder: string, sharedBuffers = '128MB') => openEmbeddedDatabase({ dataDir: folder, sharedBuffers, migrationsFolder: MIGRATIONS })
const rows = <T extends z.ZodType>(schema: T, result: unknown) => z.object({ rows: z.array(schema) }).parse(result).rows

describe('the embedded PostgreSQL server', () => {
  it('runs in processes of its own, listens on a socket in its folder only, with the settings asked for', async () => {
    const folder = dataDir()
    const database = await open(folder, '32MB')
    try {
      expect(database.server.pid).not.toBe(process.pid)
      expect(isRunning(database.server.pid)).toBe(true)
      const settings = rows(
        z.object({ name: z.string(), setting: z.string() }),
        await database.db.execute(sql`
        select name, setting from pg_settings where name in ('listen_addresses', 'shared_buffers', 'unix_socket_permissions', 'TimeZone')`),
      )
      expect(Object.fromEntries(settings.map((row) => [row.name, row.setting]))).toEqual({
        listen_addresses: '',
        shared_buffers: String((32 * 1024) / 8),
        unix_socket_permissions: '0700',
        TimeZone: 'UTC',
      })
      expect(readdirSync(join(folder, 'postgres'), { withFileTypes: true }).some((entry) => entry.name === '.s.PGSQL.5432')).toBe(true)
      // Never root's: PostgreSQL refuses to run as root.
      expect(statSync(join(folder, 'postgres')).uid).toBe(accountFor(join(folder, 'postgres')).uid)
      if (process.getuid?.() === 0) expect(statSync(join(folder, 'postgres')).uid).not.toBe(0)
      // Upper and lower case beyond ASCII, as the company search's ILIKE needs.
      const [text] = rows(
        z.object({ lower: z.string(), match: z.boolean() }),
        await database.db.execute(sql`select lower('ÄÖÜ') as lower, 'Müller' ilike '%MÜL%' as match`),
      )
      expect(text).toEqual({ lower: 'äöü', match: true })
    } finally {
      await database.close()
    }
    expect(await waitUntilGone(database.server.pid, 5_000)).toBe(true)
  })

  it('keeps a committed write across a stop and a new start', async () => {
    const folder = dataDir()
    const first = await open(folder)
    await first.db.execute(sql`insert into countries (code, name_de, name_en, position) values ('ZZ', 'Testland', 'Testland', 99)`)
    await first.close()
    const again = await open(folder)
    try {
      expect(rows(z.object({ code: z.string() }), await again.db.execute(sql`select code from countries where code = 'ZZ'`))).toEqual([{ code: 'ZZ' }])
    } finally {
      await again.close()
    }
  })

  it('refuses a second open of the same folder in one process', async () => {
    const folder = dataDir()
    const first = await open(folder)
    try {
      await expect(open(folder)).rejects.toThrow(/already open in this process/)
      expect(isRunning(first.server.pid)).toBe(true)
    } finally {
      await first.close()
    }
  })

  it('stops when the process that started it is killed, and the next start is clean', async () => {
    const folder = dataDir()
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', KILLED_PARENT], {
      env: { ...process.env, FOLDER: folder },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    await new Promise((done) => child.once('exit', done))
    const pid = Number(/server (\d+)/.exec(output)?.[1])
    expect(pid).toBeGreaterThan(0)
    // The kernel tells the server its parent died (setpriv --pdeathsig): it shuts down by itself.
    expect(await waitUntilGone(pid, 10_000)).toBe(true)
    const again = await open(folder)
    try {
      expect(rows(z.object({ code: z.string() }), await again.db.execute(sql`select code from countries where code = 'KP'`))).toEqual([{ code: 'KP' }])
    } finally {
      await again.close()
    }
  }, 60_000)

  it('stops a server that a dead portal left running on the folder, then starts its own', async () => {
    const folder = dataDir()
    const first = await open(folder)
    await first.close()
    // A server started without the parent-death signal, as where setpriv is missing.
    const binaries = postgresBinaries()
    const pgdata = join(folder, 'postgres')
    const how = launch(binaries.postgres, ['-D', pgdata, '-c', 'listen_addresses=', '-c', `unix_socket_directories=${pgdata}`], accountFor(pgdata), [
      binaries.native,
      pgdata,
    ])
    const args = how.args.filter((arg, index, all) => arg !== '--pdeathsig' && all[index - 1] !== '--pdeathsig')
    const orphan = spawn(how.command, args, { stdio: 'ignore', detached: true, uid: how.uid, gid: how.gid })
    await expect.poll(() => existsSync(join(pgdata, 'postmaster.pid')), { timeout: 10_000 }).toBe(true)
    const warnings: string[] = []
    const warn = console.warn
    console.warn = (...parts: unknown[]) => warnings.push(parts.join(' '))
    try {
      const database = await open(folder)
      expect(isRunning(orphan.pid!)).toBe(false)
      expect(database.server.pid).not.toBe(orphan.pid)
      await database.close()
    } finally {
      console.warn = warn
    }
    expect(warnings.join('\n')).toContain(`(pid ${orphan.pid}) was left running`)
  }, 60_000)

  it('starts over a lock file whose pid now belongs to another program', async () => {
    const folder = dataDir()
    const first = await open(folder)
    await first.close()
    writeFileSync(join(folder, 'postgres', 'postmaster.pid'), `${process.pid}\n${join(folder, 'postgres')}\n`)
    const again = await open(folder)
    await again.close()
  })

  it('refuses a folder made by another major version, and says what to do', async () => {
    const folder = dataDir()
    const first = await open(folder)
    await first.close()
    writeFileSync(join(folder, 'postgres', 'PG_VERSION'), '17\n')
    await expect(open(folder)).rejects.toThrow(/made by PostgreSQL 17; this portal runs PostgreSQL 18\. Back it up/)
  })

  it('starts in a folder that only root may enter (as root)', async () => {
    if (process.getuid?.() !== 0) return // only root can make a folder its database account cannot reach
    const closed = mkdtempSync(join(tmpdir(), 'portal-closed-'))
    folders.push(closed)
    chmodSync(closed, 0o700)
    const warn = console.warn
    console.warn = () => undefined
    try {
      const database = await open(join(closed, 'data'))
      expect(database.server.widened).toBe(true)
      await database.close()
    } finally {
      console.warn = warn
    }
  })
})

describe('moving an earlier version’s PGlite folder', () => {
  it('copies every row into the new server once, keeps sequences going, and sets the old folder aside', async () => {
    const folder = dataDir()
    const old = await openDatabase({ dataDir: join(folder, 'pglite') })
    await old.migrate(MIGRATIONS)
    await old.db.execute(sql`insert into countries (code, name_de, name_en, position) values ('ZZ', 'Testland', 'Testland', 99)`)
    await old.db.execute(sql`
      insert into companies (name1, address1, zip, city, country, logo)
      values ('Alte Firma', 'Weg 1', '12345', 'Ort', 'ZZ', '\\x89504e47'::bytea), ('Zweite', 'Weg 2', '12345', 'Ort', 'ZZ', null)`)
    await old.close()

    const database = await open(folder)
    try {
      const companies = rows(
        z.object({ id: z.number(), name1: z.string(), logo: z.string().nullable() }),
        await database.db.execute(sql`
        select id, name1, encode(logo, 'hex') as logo from companies order by id`),
      )
      expect(companies).toEqual([
        { id: 1, name1: 'Alte Firma', logo: '89504e47' },
        { id: 2, name1: 'Zweite', logo: null },
      ])
      const [next] = rows(
        z.object({ id: z.number() }),
        await database.db.execute(sql`
        insert into companies (name1, address1, zip, city, country) values ('Neu', 'Weg 3', '12345', 'Ort', 'ZZ') returning id`),
      )
      expect(next!.id).toBe(3)
    } finally {
      await database.close()
    }
    expect(existsSync(join(folder, 'pglite'))).toBe(false)
    expect(readdirSync(folder).some((name) => name.startsWith('pglite.moved-'))).toBe(true)

    // A start after a kill between the copy's commit and the rename finds the copy done.
    const keptAs = readdirSync(folder).find((name) => name.startsWith('pglite.moved-'))!
    rmSync(join(folder, 'pglite'), { recursive: true, force: true })
    renameSync(join(folder, keptAs), join(folder, 'pglite'))
    const again = await open(folder)
    try {
      expect(rows(z.object({ n: z.number() }), await again.db.execute(sql`select count(*)::int as n from companies`))).toEqual([{ n: 3 }])
    } finally {
      await again.close()
    }
    expect(existsSync(join(folder, 'pglite'))).toBe(false)
  }, 90_000)
})

// A process that starts the embedded server, writes, prints the server's pid and kills itself.
const KILLED_PARENT = `
import { sql } from 'drizzle-orm'
import { openEmbeddedDatabase } from './src/server/db/embedded/open.server.ts'
const database = await openEmbeddedDatabase({ dataDir: process.env.FOLDER, sharedBuffers: '128MB', migrationsFolder: './src/server/db/migrations' })
await database.db.execute(sql\`insert into countries (code, name_de, name_en, position) values ('KP', 'Kill', 'Kill', 98)\`)
console.log('server ' + database.server.pid)
process.kill(process.pid, 'SIGKILL')
`
