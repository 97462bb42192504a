import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { COMMANDS } from '../../src/server/admin/cli.server'
import { adminProcess } from '../helpers/admin'

// `npm run admin -- …` as the process an operator starts: its exit codes, what it prints, stdin,
// and the environment it reads (JWT_SECRET, DATA_DIR, the embedded database). The commands'
// effects on a database are tested in-process (admin.test.ts).
const folders: string[] = []
function folder(prefix: string): string {
  const made = mkdtempSync(join(tmpdir(), prefix))
  // As a project folder is: others may enter (the embedded database runs as another account under root).
  chmodSync(made, 0o755)
  folders.push(made)
  return made
}
afterAll(() => {
  for (const made of folders) rmSync(made, { recursive: true, force: true })
})

describe('npm run admin', () => {
  it('--help lists every command (exit 0); a command’s --help gives its usage and options', async () => {
    const tool = await adminProcess(['--help'])
    expect(tool.code).toBe(0)
    expect(tool.stdout).toMatch(/^Usage: npm run admin -- <command> \[options\]/)
    for (const command of COMMANDS) expect(tool.stdout.split('\n')).toContainEqual(expect.stringMatching(new RegExp(`^  ${command.name} +\\S`)))
    for (const command of COMMANDS) expect(tool.stdout).toContain(command.summary)
    const unlock = await adminProcess(['unlock', '--help'])
    expect(unlock.code).toBe(0)
    expect(unlock.stdout).toMatch(/^Usage: npm run admin -- unlock --email ADDRESS \| --address IP \| --all\n/)
    expect(unlock.stdout).toContain('--all             every lock in force')
  })

  it('refuses no command, an unknown one, and bad input — a weak password on stdin — with exit 2 and a message', async () => {
    const none = await adminProcess([])
    expect([none.code, none.stdout]).toEqual([2, ''])
    expect(none.stderr).toContain('Usage: npm run admin -- <command> [options]')
    const unknown = await adminProcess(['frobnicate'])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toMatch(/^admin: there is no command "frobnicate"\./)
    const weak = await adminProcess(['reset-password', '--email', 'dealer@demo.example', '--password-stdin'], { stdin: 'short\nsecond line\n' })
    expect(weak.code).toBe(2)
    expect(weak.stderr).toMatch(/^admin reset-password: The password from stdin is refused: The password must be at least 8 characters long\.\nUsage: /)
  })

  it('rotate-jwt-secret with JWT_SECRET in the environment prints the variables to set and touches no file', async () => {
    const dataDir = folder('admin-cli-env-')
    const old = 'the-secret-of-every-server-0123456789abcdef'
    const run = await adminProcess(['rotate-jwt-secret', '--grace', '90m'], { env: { JWT_SECRET: old, DATA_DIR: dataDir } })
    expect(run.code, run.stderr).toBe(0)
    const [secret, previous, until] = run.stdout.trim().split('\n')
    expect(secret).toMatch(/^JWT_SECRET=[A-Za-z0-9_-]{64}$/)
    expect(previous).toBe(`JWT_SECRET_PREVIOUS=${old}`)
    const untilMs = Date.parse((until ?? '').replace('JWT_SECRET_PREVIOUS_UNTIL=', ''))
    expect(Math.abs(untilMs - (Date.now() + 90 * 60_000))).toBeLessThan(60_000)
    expect(run.stderr).toContain('JWT_SECRET comes from the environment, which this command cannot change. Set these on every server')
    expect(readdirSync(dataDir)).toEqual([])
  })

  it('rotate-jwt-secret on the embedded default rewrites DATA_DIR/jwt-secret and keeps the old one with its end of grace', async () => {
    const dataDir = folder('admin-cli-files-')
    const old = 'x'.repeat(64)
    writeFileSync(join(dataDir, 'jwt-secret'), old, { mode: 0o600 })
    const run = await adminProcess(['rotate-jwt-secret'], { env: { JWT_SECRET: '', DATA_DIR: dataDir } })
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toContain(`New signing secret written to ${join(dataDir, 'jwt-secret')}`)
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8')).toMatch(/^[A-Za-z0-9_-]{64}$/)
    const previous: unknown = JSON.parse(readFileSync(join(dataDir, 'jwt-secret.previous'), 'utf8'))
    expect(previous).toMatchObject({ secret: old })
    expect(readdirSync(dataDir).sort()).toEqual(['jwt-secret', 'jwt-secret.previous'])
  })

  it('migrate and create-staff on an embedded database: exit 0 with the state, then exit 1 without a root company', async () => {
    const env = { DATABASE_URL: '', DATA_DIR: folder('admin-cli-db-') }
    const migrate = await adminProcess(['migrate'], { env })
    // Started from a folder only root may enter (a `mktemp -d` clone), the embedded database warns
    // about the right it is given to read it (decision 032): the one line allowed besides nothing.
    const warning = /^\[db\] root started the portal in a folder other accounts may not enter[^\n]*\n/m
    expect([migrate.code, migrate.stderr.replace(warning, '')]).toEqual([0, ''])
    expect(migrate.stdout).toMatch(
      /^Nothing to apply: the database is at \d{4}_\w+ \(\d+ migrations\)\.\n\(The embedded database applies its migrations as it opens\.\)\n$/,
    )
    const staff = await adminProcess(['create-staff', '--email', 'first@example.com'], { env })
    expect(staff.code).toBe(1)
    expect(staff.stderr.replace(warning, '')).toMatch(/^admin create-staff: The database has no company yet/)
  }, 60_000)
})
