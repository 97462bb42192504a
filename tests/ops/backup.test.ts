import { execFile } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import { Header, list } from 'tar'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { claimDataDir, releaseDataDir } from '../../src/server/db/data-dir-lock.server'
import { openEmbeddedDatabase, type EmbeddedDatabase } from '../../src/server/db/embedded/open.server'
import { readMaintenance } from '../../src/server/services/session/maintenance.server'
import { MIGRATIONS } from '../helpers/database'

// npm run backup / npm run restore (decision 042) as an operator runs them, against a real
// embedded PostgreSQL that this test runs the way the portal does: it holds DATA_DIR
// (server.pid) and keeps writing while the backup is made.
const run = promisify(execFile)
const folders: string[] = []
function folder(): string {
  const path = mkdtempSync(join(tmpdir(), 'portal-backup-'))
  // As a project folder is: others may enter (the database runs as another account under root).
  chmodSync(path, 0o755)
  folders.push(path)
  return path
}
const cli = (script: 'backup' | 'restore' | 'maintenance', dataDir: string, args: string[], extraEnv: Record<string, string> = {}) =>
  run(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/admin.ts', script, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ...extraEnv },
  })
const failure = z.object({ code: z.number(), stdout: z.string(), stderr: z.string() })
/** A command that must fail: its exit code and what it printed. */
const refused = async (command: Promise<unknown>) =>
  failure.parse(
    await command.then(
      () => ({ code: 0, stdout: '', stderr: '' }),
      (error: unknown) => error,
    ),
  )
const rows = <T extends z.ZodType>(schema: T, result: unknown) => z.object({ rows: z.array(schema) }).parse(result).rows
const open = (dataDir: string) => openEmbeddedDatabase({ dataDir, sharedBuffers: '32MB', migrationsFolder: MIGRATIONS })
/** A tar of a plausible backup plus one entry a restore must never write. */
function hostileArchive(entry: { path: string; type?: 'File' | 'SymbolicLink'; linkpath?: string }): Buffer {
  const manifest = { format: 1, portalVersion: '1.0.0', postgresMajor: 18, createdAt: new Date().toISOString(), label: 'x', migrations: [], extras: [] }
  const files: Array<[string, string]> = [
    ['portal-backup.json', JSON.stringify(manifest)],
    ['postgres/PG_VERSION', '18\n'],
    ['postgres/backup_label', 'START WAL LOCATION: 0/2000028 (file 000000010000000000000002)\n'],
    ['postgres/global/pg_control', ''],
  ]
  const blocks: Buffer[] = []
  const add = (path: string, body: string, type: 'File' | 'SymbolicLink' = 'File', linkpath?: string) => {
    const header = new Header({ path, type, linkpath, mode: 0o600, size: type === 'File' ? Buffer.byteLength(body) : 0, mtime: new Date() })
    header.encode()
    if (header.block) blocks.push(header.block)
    if (type === 'File' && body.length > 0) blocks.push(Buffer.from(body), Buffer.alloc((512 - (Buffer.byteLength(body) % 512)) % 512))
  }
  for (const [path, body] of files) add(path, body)
  add(entry.path, 'hostile', entry.type, entry.linkpath)
  blocks.push(Buffer.alloc(1024))
  return Buffer.concat(blocks)
}

const listing = (path: string) =>
  readdirSync(path)
    .sort()
    .map((name) => `${name} ${statSync(join(path, name)).mtimeMs}`)

let source: string
let portal: EmbeddedDatabase
let archive: string
let restored: string
const loop = { committed: 0, stop: false, done: Promise.resolve() }
let before = 0
let after = 0

beforeAll(async () => {
  source = join(folder(), 'data')
  claimDataDir(source)
  portal = await open(source)
  await portal.db.execute(sql`insert into countries (code, name_de, name_en) values ('DE', 'Deutschland', 'Germany')`)
  await portal.db.execute(sql`
    with company as (
      insert into companies (name1, address1, zip, city, country) values ('Sicherung GmbH', 'Hauptstr. 1', '10115', 'Berlin', 'DE') returning id)
    insert into users (email, password_hash, first_name, company_id) select 'anna@sicherung.example', 'x', 'Anna', id from company`)
  await portal.db.execute(sql`insert into translation_languages (code, name, is_master) values ('master', 'Master', true), ('de', 'Deutsch', false)`)
  await portal.db.execute(sql`
    with text as (insert into texts (kind, key) values ('system', 'backup.title') returning id)
    insert into translations (text_id, language_code, value) select id, 'de', 'Datensicherung' from text`)
  // What else the portal keeps in DATA_DIR: kept ones, and ones a backup leaves out.
  writeFileSync(join(source, 'jwt-secret'), 'a-secret-that-is-long-enough-for-the-portal-123\n')
  mkdirSync(join(source, 'mailbox'))
  writeFileSync(join(source, 'mailbox', '0001-welcome.eml'), 'Subject: Willkommen\r\n\r\nHallo Anna\r\n')
  mkdirSync(join(source, 'spool'))
  writeFileSync(join(source, 'spool', 'upload-1.csv'), 'half an upload')
  // The write loop: a company and its user in one transaction, numbered 1, 2, 3, …
  loop.done = (async () => {
    while (!loop.stop) {
      const n = loop.committed + 1
      await portal.db.transaction(async (tx) => {
        await tx.execute(sql`
          with company as (
            insert into companies (name1, address1, zip, city, country) values (${`Loop ${n}`}, 'Weg 1', '20095', 'Hamburg', 'DE') returning id)
          insert into users (email, password_hash, first_name, company_id) select ${`loop-${n}@sicherung.example`}, 'x', 'Loop', id from company`)
      })
      loop.committed = n
    }
  })()
  while (loop.committed < 20) await new Promise((resolve) => setTimeout(resolve, 10))
}, 60_000)

afterAll(async () => {
  loop.stop = true
  await loop.done
  await portal?.close()
  if (source) releaseDataDir(source)
  for (const path of folders) rmSync(path, { recursive: true, force: true })
}, 60_000)

describe('npm run backup while the portal runs', () => {
  it('lets other command-line tools work on the running database (attached, not refused)', async () => {
    const { stdout } = await cli('maintenance', source, ['--flash', 'Sicherung läuft'])
    expect(JSON.parse(stdout)).toMatchObject({ flashText: 'Sicherung läuft' })
    expect(await readMaintenance(portal.db)).toMatchObject({ flashText: 'Sicherung läuft' })
  }, 60_000)

  it('backs up online while writes go on, into a .tar.gz with the rest of DATA_DIR worth keeping', async () => {
    archive = join(folder(), 'nightly.tar.gz')
    before = loop.committed
    const { stdout } = await cli('backup', source, ['--out', archive])
    after = loop.committed
    loop.stop = true // enough: the rest of the file needs no load
    await loop.done
    expect(stdout).toContain(`while the portal (pid ${process.pid}) runs`)
    expect(after).toBeGreaterThan(before) // the portal kept writing meanwhile
    expect(statSync(archive).mode & 0o777).toBe(0o600)
    const paths: string[] = []
    await list({ file: archive, onReadEntry: (entry) => paths.push(entry.path) })
    expect(paths[0]).toBe('portal-backup.json')
    expect(paths).toEqual(
      expect.arrayContaining(['postgres/backup_label', 'postgres/global/pg_control', 'postgres/PG_VERSION', 'jwt-secret', 'mailbox/0001-welcome.eml']),
    )
    expect(paths.some((path) => /^postgres\/pg_wal\/[0-9A-F]{24}$/.test(path))).toBe(true)
    const leftOut = paths.filter((path) => /^(server\.pid|spool|postgres\.log)|postmaster\.(pid|opts)|\.s\.PGSQL|^postgres\/pg_replslot\/./.test(path))
    expect(leftOut).toEqual([])
    expect(readdirSync(join(archive, '..'))).toEqual(['nightly.tar.gz']) // no .partial left
  }, 60_000)

  it('restores into a new DATA_DIR where a started server finds every row, consistent to one moment', async () => {
    restored = join(folder(), 'restored')
    const { stdout } = await cli('restore', restored, ['--from', archive])
    expect(stdout).toContain(`into ${restored}`)
    expect(readFileSync(join(restored, 'jwt-secret'), 'utf8')).toBe(readFileSync(join(source, 'jwt-secret'), 'utf8'))
    expect(readFileSync(join(restored, 'mailbox', '0001-welcome.eml'), 'utf8')).toContain('Hallo Anna')
    expect(existsSync(join(restored, 'spool'))).toBe(false)
    expect(existsSync(join(restored, 'postgres', 'backup_label'))).toBe(true)

    const copy = await open(restored)
    try {
      const fixed = rows(
        z.object({ company: z.string(), user: z.string(), translation: z.string(), flash: z.string() }),
        await copy.db.execute(sql`
          select c.name1 as company, u.email as user, t.value as translation, m.flash_text as flash
          from companies c join users u on u.company_id = c.id, translations t, maintenance_settings m
          where c.name1 = 'Sicherung GmbH' and t.language_code = 'de'`),
      )
      expect(fixed).toEqual([{ company: 'Sicherung GmbH', user: 'anna@sicherung.example', translation: 'Datensicherung', flash: 'Sicherung läuft' }])
      // The loop's rows: 1…k without a gap, each company with its user (written in one transaction).
      const looped = rows(
        z.object({ n: z.coerce.number(), email: z.string().nullable() }),
        await copy.db.execute(sql`
          select substring(c.name1 from 6)::int as n, u.email from companies c left join users u on u.company_id = c.id
          where c.name1 like 'Loop %' order by 1`),
      )
      const k = looped.length
      expect(looped.map((row) => row.n)).toEqual(Array.from({ length: k }, (_, i) => i + 1))
      expect(looped.every((row) => row.email === `loop-${row.n}@sicherung.example`)).toBe(true)
      expect(k).toBeGreaterThanOrEqual(before)
      expect(k).toBeLessThanOrEqual(after)
      // A server on the folder without a portal's lock (a tool, a test, one left over) is refused too.
      const busy = await refused(cli('restore', restored, ['--from', archive, '--force']))
      expect(busy.code).toBe(2)
      expect(busy.stderr).toContain(`A PostgreSQL server (pid ${copy.server.pid}) still runs on ${join(restored, 'postgres')}`)
    } finally {
      await copy.close()
    }
  }, 60_000)
})

describe('npm run backup with no portal running', () => {
  it('starts the database itself, backs it up and stops it again', async () => {
    const out = join(folder(), 'offline.tar.gz')
    const { stdout } = await cli('backup', restored, ['--out', out])
    expect(stdout).toContain(`Backed up the embedded database in ${join(restored, 'postgres')}:`)
    expect(existsSync(join(restored, 'server.pid'))).toBe(false)
    expect(existsSync(join(restored, 'postgres', 'postmaster.pid'))).toBe(false)
    const paths: string[] = []
    await list({ file: out, onReadEntry: (entry) => paths.push(entry.path) })
    expect(paths).toContain('postgres/backup_label')
  }, 60_000)
})

describe('npm run restore refuses', () => {
  it('a data folder a running portal holds (exit 2, nothing changed)', async () => {
    const was = listing(source)
    const result = await refused(cli('restore', source, ['--from', archive, '--force']))
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(`The portal server (pid ${process.pid}) is using ${source}. Stop it first`)
    expect(listing(source)).toEqual(was)
    expect(rows(z.object({ one: z.number() }), await portal.db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }])
  }, 60_000)

  it('a folder that holds a database, unless --force sets it aside (never deleted)', async () => {
    const result = await refused(cli('restore', restored, ['--from', archive]))
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(`${restored} already holds postgres, jwt-secret, mailbox; give --force`)
    const { stdout } = await cli('restore', restored, ['--from', archive, '--force'])
    const aside = readdirSync(restored).filter((name) => name.includes('.before-restore-'))
    expect(aside.map((name) => name.replace(/\d{8}T\d{6}Z$/, 'T'))).toEqual([
      'jwt-secret.before-restore-T',
      'mailbox.before-restore-T',
      'postgres.before-restore-T',
    ])
    expect(stdout).toContain('Set aside')
    // The set-aside one is the recovered database of the previous test (no backup_label any more).
    expect(existsSync(join(restored, aside[2] ?? '', 'backup_label.old'))).toBe(true)
    expect(existsSync(join(restored, 'postgres', 'backup_label'))).toBe(true)
  }, 60_000)

  it.each([
    ['a path with ..', { path: '../escaped.txt' }, 'a path that leaves the target folder'],
    ['an absolute path', { path: '/tmp/portal-backup-absolute.txt' }, 'an absolute path'],
    ['a link out of the folder', { path: 'postgres/pg_wal', type: 'SymbolicLink' as const, linkpath: '/etc' }, 'a SymbolicLink entry'],
  ])(
    'a hostile archive: %s',
    async (_name, entry, reason) => {
      const base = folder()
      const file = join(base, 'hostile.tar.gz')
      writeFileSync(file, gzipSync(hostileArchive(entry)))
      const target = join(base, 'target')
      const result = await refused(cli('restore', target, ['--from', file]))
      expect(result.code).toBe(2)
      expect(result.stderr).toContain(reason)
      expect(result.stderr).toContain('Nothing was changed')
      expect(readdirSync(base)).toEqual(['hostile.tar.gz'])
      expect(existsSync('/tmp/portal-backup-absolute.txt')).toBe(false)
    },
    60_000,
  )
})

describe('the commands', () => {
  it('answer --help, refuse bad arguments with the usage, and point to pg_dump with DATABASE_URL', async () => {
    const dataDir = folder()
    const [backupHelp, restoreHelp, noFrom, badOut, unknown, external] = await Promise.all([
      cli('backup', dataDir, ['--help']),
      cli('restore', dataDir, ['-h']),
      refused(cli('restore', dataDir, [])),
      refused(cli('backup', dataDir, ['--out', 'backup.zip'])),
      refused(cli('backup', dataDir, ['--outt', 'x.tar.gz'])),
      refused(cli('backup', dataDir, [], { DATABASE_URL: 'postgres://portal:secret@db.example:5432/portal' })),
    ])
    expect(backupHelp.stdout).toContain('Usage: npm run backup -- [--out FILE.tar.gz]')
    expect(restoreHelp.stdout).toContain('--force')
    expect(noFrom).toMatchObject({ code: 2, stderr: expect.stringContaining('--from: is required') })
    expect(badOut).toMatchObject({ code: 2, stderr: expect.stringContaining('--out: a file name ending in .tar.gz') })
    expect(unknown).toMatchObject({ code: 2, stderr: expect.stringContaining("Unknown option '--outt'") })
    expect(external.code).toBe(2)
    expect(external.stderr).toContain('backs up the embedded database only')
    expect(external.stderr).toContain('pg_dump --format=custom')
    expect(external.stderr).not.toContain('secret')
    expect(readdirSync(dataDir)).toEqual([])
  }, 60_000)
})
