import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { desc, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { appConfig } from '../../app.config'
import { companyInfoEndpoint } from '../../src/contract/companies'
import { passwordResetEndpoint } from '../../src/contract/password'
import { loginEndpoint, sessionUser } from '../../src/contract/session'
import { reviewEndpoint } from '../../src/contract/translation-team'
import { PERMISSIONS } from '../../src/domain/permissions'
import { mailOutbox, userGroups, users } from '../../src/server/db/schema/index'
import { envSchema } from '../../src/server/env.server'
import { DEMO_ACCOUNTS, DEMO_COMPANY_IDS, DEMO_PASSWORD } from '../../src/server/seed/demo-accounts'
import { adminInProcess, type InProcess } from '../helpers/admin'
import { startApi, type TestApi } from '../helpers/api'
import { closeListener, smtpListener } from '../helpers/smtp'

// `npm run admin -- …` in-process on the test's own seeded database: each command's effect seen
// the way users meet it (the /vue/ login, a real SMTP listener), and its refusals (exit 2, the
// message, nothing written). The process itself: admin-cli.test.ts; migrate: admin-migrate.test.ts;
// rotating the embedded default's secret: admin-rotation.test.ts.
let api: TestApi
beforeAll(async () => {
  api = await startApi()
})
afterAll(() => api.close())

const admin = (args: string[], options: InProcess = {}) => adminInProcess(args, { database: api.database, ...options })
const login = (username: string, password: string, clientAddress = '192.0.2.200') => api.call(loginEndpoint, { username, password }, { clientAddress })
const loginData = z.object({ jwt: z.string(), user: sessionUser })
const shownPassword = (stdout: string) => /^Password \(shown only now, pass it on safely\): (\S+)$/m.exec(stdout)?.[1] ?? ''
const userCount = () => api.database.db.$count(users)

// No delays, so failed logins take no sleeping (throttle.test.ts does the same); restored after each test.
const limits = { ...appConfig.limits }
afterEach(() => {
  Object.assign(appConfig.limits, limits)
})

describe('create-staff', () => {
  it('creates a user of the root company with every group, who logs in with the printed password', async () => {
    const run = await admin(['create-staff', '--email', 'Anna.Berg@Example.com', '--name', 'Anna Maria Berg'])
    expect([run.code, run.stderr]).toEqual([0, ''])
    expect(run.stdout).toMatch(/^Created staff user anna\.berg@example\.com \(id \d+\) in .+ \(company 1\)\.$/m)
    const password = shownPassword(run.stdout)
    expect(password).toHaveLength(24)
    const result = await login('anna.berg@example.com', password)
    expect(result.httpStatus, result.messages.join()).toBe(200)
    const { user } = loginData.parse(result.data)
    expect([...user.groups].sort()).toEqual([...PERMISSIONS].sort())
    expect(user.company[0]).toBe(DEMO_COMPANY_IDS.supplier)
    const [row] = await api.database.db.select().from(users).where(eq(users.email, 'anna.berg@example.com'))
    expect(row).toMatchObject({ firstName: 'Anna Maria', lastName: 'Berg', language: 'de', dealerAdmin: true, isActive: true })
  })

  it('takes the password from stdin and only the groups named; prints no password', async () => {
    const password = 'correct horse battery staple 42'
    const run = await admin(['create-staff', '--email', 'it@example.com', '--groups', 'can_translate, MANAGE_USERS', '--language', 'en', '--password-stdin'], {
      stdin: password,
    })
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toContain('Groups: CAN_TRANSLATE, MANAGE_USERS')
    expect(run.stdout).not.toContain(password)
    const result = await login('it@example.com', password)
    expect(result.httpStatus, result.messages.join()).toBe(200)
    expect(loginData.parse(result.data).user.groups).toEqual(expect.arrayContaining(['CAN_TRANSLATE', 'MANAGE_USERS']))
    const [row] = await api.database.db.select({ id: users.id, dealerAdmin: users.dealerAdmin }).from(users).where(eq(users.email, 'it@example.com'))
    expect(row?.dealerAdmin).toBe(false)
    expect(await api.database.db.$count(userGroups, eq(userGroups.userId, row?.id ?? 0))).toBe(2)
  })

  it('makes a reviewer with --groups CAN_TRANSLATE,CAN_REVIEW, who may review translations', async () => {
    const password = 'correct horse battery staple 43'
    const run = await admin(['create-staff', '--email', 'review@example.com', '--groups', 'CAN_TRANSLATE,can_review', '--password-stdin'], { stdin: password })
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toContain('Groups: CAN_TRANSLATE, CAN_REVIEW')
    const result = await login('review@example.com', password)
    const { jwt, user } = loginData.parse(result.data)
    expect([...user.groups].sort()).toEqual(['CAN_REVIEW', 'CAN_TRANSLATE'])
    // Past the permission check: the unknown key is the handler's refusal.
    const review = await api.call(reviewEndpoint, { kind: 'vartext', lang: 'fr', keys: ['NO-SUCH-KEY'], state: 'approved' }, { token: jwt })
    expect([review.httpStatus, review.messages]).toEqual([400, ['There is no text NO-SUCH-KEY.']])
  })

  it('refuses an e-mail address that has a user (exit 1) and changes nothing', async () => {
    const before = await userCount()
    const run = await admin(['create-staff', '--email', 'DEALER@demo.example'])
    expect(run.code).toBe(1)
    expect(run.stderr).toBe(
      'admin create-staff: A user with the e-mail address dealer@demo.example exists already. To give them a new password: reset-password.',
    )
    expect(await userCount()).toBe(before)
    expect((await login(DEMO_ACCOUNTS.dealer.username, DEMO_PASSWORD)).httpStatus).toBe(200)
  })

  it.each([
    [[], '--email: is required'],
    [['--email', 'not-an-address'], '--email: Invalid email address'],
    [['--email', 'x@example.com', '--groups', 'FOO,CAN_UPLOAD'], '--groups: unknown group(s) FOO; give "all" or some of IS_DEALER_ADMIN'],
    [['--email', 'x@example.com', '--groups', ','], '--groups: no group given'],
    [['--email', 'x@example.com', '--language', 'fr'], '--language: Invalid option: expected one of "de"|"en"'],
    [['--email', 'x@example.com', '--admin'], "Unknown option '--admin'"],
    [['--email', 'x@example.com', 'extra'], "Unexpected argument 'extra'"],
  ])('refuses %j with exit 2, the reason and the usage', async (args, reason) => {
    const before = await userCount()
    const run = await admin(['create-staff', ...args])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(reason)
    expect(run.stderr).toContain('Usage: npm run admin -- create-staff --email ADDRESS')
    expect(await userCount()).toBe(before)
  })

  it.each([
    ['', 'Password is a required field.'],
    ['short', 'The password must be at least 8 characters long.'],
    ['Password123', 'This password is too common and easy to guess.'],
  ])('refuses the password %j from stdin by the portal’s rules (exit 2)', async (stdin, reason) => {
    const before = await userCount()
    const run = await admin(['create-staff', '--email', 'weak@example.com', '--password-stdin'], { stdin })
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(`The password from stdin is refused: ${reason}`)
    expect(await userCount()).toBe(before)
  })
})

describe('reset-password', () => {
  const { carpenter } = DEMO_ACCOUNTS

  it('sets the new password: it logs in, the old one does not, earlier sessions end and the user’s locks are lifted', async () => {
    Object.assign(appConfig.limits, { loginFailuresBeforeDelay: 100 })
    const earlier = await api.loginAs(carpenter.username, Date.now() - 5000)
    for (let attempt = 0; attempt < appConfig.limits.loginFailuresBeforeLock; attempt += 1)
      expect((await login(carpenter.username, 'wrong-password', '198.51.100.20')).httpStatus).toBe(401)
    expect((await login(carpenter.username, DEMO_PASSWORD, '198.51.100.20')).httpStatus).toBe(429)

    const password = 'Hobel und Säge 2026!'
    const run = await admin(['reset-password', '--email', carpenter.username, '--password-stdin'], { stdin: password })
    expect([run.code, run.stderr]).toEqual([0, ''])
    expect(run.stdout).toContain(`New password set for ${carpenter.username} (id ${carpenter.userId}); their other sessions have ended.`)
    expect(run.stdout).toContain(`Lifted 1 login lock(s): pair:198.51.100.20 ${carpenter.username}`)
    expect((await login(carpenter.username, DEMO_PASSWORD)).httpStatus).toBe(401)
    expect((await login(carpenter.username, password, '198.51.100.20')).httpStatus).toBe(200)
    expect((await api.call(companyInfoEndpoint, { id: carpenter.companyId }, { token: earlier })).httpStatus).toBe(401)
  })

  it('generates a password when none comes from stdin, and prints it once', async () => {
    const run = await admin(['reset-password', '--email', carpenter.username])
    expect(run.code, run.stderr).toBe(0)
    expect((await login(carpenter.username, shownPassword(run.stdout))).httpStatus).toBe(200)
  })

  it('refuses an unknown user with exit 1, bad input with exit 2, and changes no password', async () => {
    const unknown = await admin(['reset-password', '--email', 'nobody@nowhere.example'])
    expect([unknown.code, unknown.stderr]).toEqual([1, 'admin reset-password: No user has the e-mail address nobody@nowhere.example.'])
    const [before] = await api.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, carpenter.userId))
    for (const [args, stdin, reason] of [
      [[], '', '--email: is required'],
      [['--email', carpenter.username, '--password-stdin'], 'iloveyou', 'too common'],
      [['--email', carpenter.username, '--password', 'x'], '', "Unknown option '--password'"],
    ] as const) {
      const run = await admin(['reset-password', ...args], { stdin })
      expect(run.code).toBe(2)
      expect(run.stderr).toContain(reason)
    }
    const [after] = await api.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, carpenter.userId))
    expect(after?.hash).toBe(before?.hash)
  })
})

describe('locked and unlock', () => {
  const lockList = z.array(
    z.object({
      key: z.string(),
      kind: z.enum(['pair', 'user', 'address']),
      username: z.string().nullable(),
      address: z.string().nullable(),
      lockedUntil: z.iso.datetime(),
      failures: z.number(),
      lockedAfter: z.number(),
    }),
  )

  it('lists the locks failed logins set, as text and as JSON; unlock lifts them by user, by address and all', async () => {
    Object.assign(appConfig.limits, { loginFailuresBeforeDelay: 100 })
    const { dealer, translator, staff } = DEMO_ACCOUNTS
    for (let attempt = 0; attempt < 10; attempt += 1) await login(dealer.username, 'wrong-password', '198.51.100.30')
    Object.assign(appConfig.limits, { ipFailuresBeforeLock: 4 })
    for (let attempt = 0; attempt < 4; attempt += 1) await login(`probe${attempt}@example.com`, 'wrong-password', '198.51.100.40')
    expect((await login(dealer.username, DEMO_PASSWORD, '198.51.100.30')).httpStatus).toBe(429)
    expect((await login(staff.username, DEMO_PASSWORD, '198.51.100.40')).httpStatus).toBe(429)

    const text = await admin(['locked'])
    expect(text.code).toBe(0)
    expect(text.stdout).toMatch(/^2 login lock\(s\) in force:/)
    expect(text.stdout).toMatch(/pair:198\.51\.100\.30 dealer@demo\.example +\S+Z \(15 min\) +0 \(locks at 10\)/)
    expect(text.stdout).toMatch(/ip:198\.51\.100\.40 +\S+Z \(15 min\) +0 \(locks at 4\)/)
    const listed = lockList.parse(JSON.parse((await admin(['locked', '--json'])).stdout))
    expect(listed.map(({ key, kind, username, address }) => ({ key, kind, username, address }))).toEqual([
      { key: `pair:198.51.100.30 ${dealer.username}`, kind: 'pair', username: dealer.username, address: '198.51.100.30' },
      { key: 'ip:198.51.100.40', kind: 'address', username: null, address: '198.51.100.40' },
    ])
    expect(Date.parse(listed[0]!.lockedUntil)).toBeGreaterThan(Date.now() + 14 * 60_000)

    const byUser = await admin(['unlock', '--email', 'Dealer@Demo.Example'])
    expect(byUser.stdout).toBe(`Lifted 1 login lock(s):\n  pair:198.51.100.30 ${dealer.username}`)
    expect((await login(dealer.username, DEMO_PASSWORD, '198.51.100.30')).httpStatus).toBe(200)
    const again = await admin(['unlock', '--email', dealer.username])
    expect([again.code, again.stdout]).toEqual([0, `No login lock was in force for ${dealer.username}; nothing to lift.`])
    const byAddress = await admin(['unlock', '--address', '198.51.100.40'])
    expect(byAddress.stdout).toBe('Lifted 1 login lock(s):\n  ip:198.51.100.40')
    expect((await login(staff.username, DEMO_PASSWORD, '198.51.100.40')).httpStatus).toBe(200)

    Object.assign(appConfig.limits, { ipFailuresBeforeLock: limits.ipFailuresBeforeLock })
    for (let attempt = 0; attempt < 10; attempt += 1) await login(translator.username, 'wrong-password', '198.51.100.50')
    const all = await admin(['unlock', '--all'])
    expect(all.stdout).toBe(`Lifted 1 login lock(s):\n  pair:198.51.100.50 ${translator.username}`)
    expect((await admin(['locked'])).stdout).toBe('No login lock is in force.')
    expect((await login(translator.username, DEMO_PASSWORD, '198.51.100.50')).httpStatus).toBe(200)
  })

  it('unlocks an IPv6 network by an address in it or by the /64 form that locked prints', async () => {
    Object.assign(appConfig.limits, { loginFailuresBeforeDelay: 100, ipFailuresBeforeLock: 2 })
    const lock = async () => {
      for (let attempt = 1; attempt <= 2; attempt += 1) await login(`v6probe${attempt}@example.com`, 'wrong-password', `2001:db8:5:6::${attempt}`)
    }
    await lock()
    expect((await admin(['unlock', '--address', '2001:db8:5:6::/64'])).stdout).toBe('Lifted 1 login lock(s):\n  ip:2001:db8:5:6::/64')
    await lock()
    expect((await admin(['unlock', '--address', '2001:DB8:5:6:aaaa::7'])).stdout).toBe('Lifted 1 login lock(s):\n  ip:2001:db8:5:6::/64')
  })

  it.each([
    [['unlock'], 'Give exactly one of --email ADDRESS, --address IP or --all.'],
    [['unlock', '--email', 'dealer@demo.example', '--all'], 'Give exactly one of'],
    [['unlock', '--address', '999.1.1.1'], '--address: "999.1.1.1" is not an IP address'],
    [['unlock', '--address', '192.0.2.1/64'], 'is not an IP address'],
    [['unlock', '--email', 'dealer'], '--email: Invalid email address'],
    [['locked', '--csv'], "Unknown option '--csv'"],
  ])('refuses %j with exit 2 and the reason', async (args, reason) => {
    const run = await admin(args)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(reason)
  })
})

describe('send-outbox', () => {
  const received: string[] = []
  let listener: Awaited<ReturnType<typeof smtpListener>>
  let port = 0
  beforeAll(async () => {
    listener = await smtpListener(received)
    port = listener.port
  })
  afterAll(() => closeListener(listener))

  // Only the test's own mail is due: what the seed and other tests queued is marked sent first.
  async function queueReset(email: string, clientAddress: string) {
    await api.database.db.update(mailOutbox).set({ status: 'sent' })
    expect((await api.call(passwordResetEndpoint, { email }, { clientAddress })).httpStatus).toBe(200)
    const [row] = await api.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1)
    return row!
  }

  it('sends the due mails to the SMTP server and lists each', async () => {
    const mail = await queueReset(DEMO_ACCOUNTS.dealer.username, '192.0.2.61')
    const run = await admin(['send-outbox'], { settings: { smtpUrl: `smtp://user:secret@127.0.0.1:${port}` } })
    expect([run.code, run.stderr]).toEqual([0, ''])
    expect(run.stdout).toBe(`sent    #${mail.id} to dealer@demo.example: ${mail.subject}\n1 sent, 0 failed, via smtp://127.0.0.1:${port}.`)
    expect(received).toHaveLength(1)
    expect(received[0]).toContain('To: dealer@demo.example')
    const [row] = await api.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id))
    expect(row?.status).toBe('sent')
    expect((await admin(['send-outbox'], { settings: { smtpUrl: `smtp://127.0.0.1:${port}` } })).stdout).toBe(`0 sent, 0 failed, via smtp://127.0.0.1:${port}.`)
  })

  it('exits 1 with the error when the SMTP server cannot be reached; the mail waits for its next attempt', async () => {
    const mail = await queueReset(DEMO_ACCOUNTS.industry.username, '192.0.2.62')
    const run = await admin(['send-outbox'], { settings: { smtpUrl: 'smtp://127.0.0.1:1' } })
    expect(run.code).toBe(1)
    expect(run.stdout).toMatch(new RegExp(`^failed  #${mail.id} to industry@demo\\.example: .+ — .*ECONNREFUSED`, 'm'))
    expect(run.stdout).toMatch(/^0 sent, 1 failed, via smtp:\/\/127\.0\.0\.1:1\.\n1 mail\(s\) wait for a later attempt, the next at \S+Z\.$/m)
    expect(run.stderr).toBe('admin send-outbox: 1 mail(s) could not be sent; they are tried again later.')
    const [row] = await api.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id))
    expect([row?.status, row?.attempts]).toEqual(['pending', 1])
  })

  it('without SMTP_URL writes the mails into DATA_DIR/mailbox', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'admin-mailbox-'))
    try {
      await queueReset(DEMO_ACCOUNTS.translator.username, '192.0.2.63')
      const run = await admin(['send-outbox'], { settings: { dataDir } })
      expect(run.stdout).toContain(`1 sent, 0 failed, via the mailbox folder ${join(dataDir, 'mailbox')}.`)
      expect(readdirSync(join(dataDir, 'mailbox')).map((name) => name.split('.').pop())).toEqual(['eml', 'json'])
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('refuses options it does not have (exit 2)', async () => {
    expect((await admin(['send-outbox', '--now'])).code).toBe(2)
  })
})

describe('rotate-jwt-secret with JWT_SECRET in the environment', () => {
  const old = 'the-secret-every-server-has-now-0123456789'
  const nowMs = Date.parse('2026-11-24T09:00:00Z')

  it('prints the three variables for every server, which the server accepts, and writes nothing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'admin-env-rotation-'))
    try {
      const run = await admin(['rotate-jwt-secret', '--grace', '2h'], { settings: { jwtSecret: old, dataDir }, nowMs })
      expect(run.code).toBe(0)
      const lines = run.stdout.split('\n')
      expect(lines).toHaveLength(3)
      expect(lines[0]).toMatch(/^JWT_SECRET=[A-Za-z0-9_-]{64}$/)
      expect(lines.slice(1)).toEqual([`JWT_SECRET_PREVIOUS=${old}`, 'JWT_SECRET_PREVIOUS_UNTIL=2026-11-24T11:00:00Z'])
      expect(run.stderr).toContain('Set these on every server')
      const variables = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]))
      expect(envSchema.safeParse(variables).success).toBe(true)
      expect(readdirSync(dataDir)).toEqual([])
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('says when it drops a previous secret still in its grace; --grace 0 empties the previous one', async () => {
    const settings = { jwtSecret: old, jwtSecretPrevious: 'x'.repeat(40), jwtSecretPreviousUntil: '2026-11-24T10:00:00Z' }
    const run = await admin(['rotate-jwt-secret', '--grace', '0'], { settings, nowMs })
    expect(run.code).toBe(0)
    expect(run.stdout.split('\n').slice(1)).toEqual(['JWT_SECRET_PREVIOUS=', 'JWT_SECRET_PREVIOUS_UNTIL='])
    expect(run.stderr).toContain('The secret before the current one (accepted until 2026-11-24T10:00:00Z) is no longer accepted')
  })

  it.each(['3w', '-1h', '8d', '1.5h', 'soon'])('refuses --grace %s with exit 2', async (grace) => {
    const run = await admin(['rotate-jwt-secret', `--grace=${grace}`], { settings: { jwtSecret: old } })
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(`--grace: "${grace}" is not a grace period such as 30m, 24h or 2d (0 for none, at most 7d)`)
  })
})
