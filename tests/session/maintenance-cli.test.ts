import { execFile } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { openEmbeddedDatabase } from '../../src/server/db/embedded/open.server'
import { readMaintenance } from '../../src/server/services/session/maintenance.server'
import { MIGRATIONS } from '../helpers/database'

// `npm run maintenance -- …` against an embedded database folder, as an operator runs it.
const run = promisify(execFile)
const dataDir = mkdtempSync(join(tmpdir(), 'portal-cli-'))
// As a project folder is: others may enter (the embedded database runs as another account under root).
chmodSync(dataDir, 0o755)
const cli = (...args: string[]) =>
  run(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/admin.ts', 'maintenance', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  })

afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('maintenance CLI', () => {
  it('stores the settings the server then answers', async () => {
    const { stdout } = await cli('--login', 'off', '--flash', 'Wartung ab 18 Uhr')
    expect(JSON.parse(stdout)).toMatchObject({ loginAllowed: false, flashText: 'Wartung ab 18 Uhr', testLoginAllowed: true })
    const database = await openEmbeddedDatabase({ dataDir, sharedBuffers: '128MB', migrationsFolder: MIGRATIONS })
    try {
      expect(await readMaintenance(database.db)).toMatchObject({ loginAllowed: false, flashText: 'Wartung ab 18 Uhr' })
    } finally {
      await database.close()
    }
    const back = await cli('--login', 'on', '--flash', '')
    expect(JSON.parse(back.stdout)).toMatchObject({ loginAllowed: true, flashText: '' })
  }, 60_000)

  it('refuses a bad value with the usage', async () => {
    await expect(cli('--login', 'maybe')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('Usage: npm run maintenance') })
  }, 60_000)

  // A portal that holds the folder and serves is reached through its database's socket
  // (tests/ops/backup.test.ts); one that holds it without a database answering (starting or
  // stopping) is refused with what to do.
  it('refuses while a portal holds the folder and no database server answers there', async () => {
    writeFileSync(join(dataDir, 'server.pid'), String(process.pid))
    try {
      await expect(cli('--login', 'off')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('Stop it first') })
    } finally {
      rmSync(join(dataDir, 'server.pid'))
    }
  }, 60_000)
})
