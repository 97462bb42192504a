import pg from 'pg'
import { SMTPServer } from 'smtp-server'
import { z } from 'zod'
import { E2E_BASE_PORT, E2E_JWT_SECRET } from '../playwright.config'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { expect, test } from './fixtures'
import { OwnServer } from './own-server'
import { sharedPostgres, type SharedPostgres } from './shared-postgres'
import { signIn, vueCall } from './vue-call'

// Two built servers on one PostgreSQL, as operators grow into: what one server
// changes, the other knows at once; counters are the database's, not each server's; the mail
// outbox sends each mail once; concurrent writes through both lose nothing.
test.describe.configure({ mode: 'serial' })
test.setTimeout(180_000)

const { staff, dealer, carpenter, translator, reviewer } = DEMO_ACCOUNTS

/** How long `check` took to become true (polled every 25 ms), or null after `limitMs`. */
async function within(limitMs: number, check: () => Promise<boolean>): Promise<number | null> {
  const started = Date.now()
  while (Date.now() - started <= limitMs) {
    if (await check()) return Date.now() - started
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  return null
}

test.describe('two servers on one PostgreSQL', () => {
  let database: SharedPostgres
  let smtp: SMTPServer
  const delivered: Array<{ to: string; messageId: string }> = []
  const smtpPort = E2E_BASE_PORT + 15
  let a: OwnServer
  let b: OwnServer

  test.beforeAll(async () => {
    database = await sharedPostgres('portal_two_servers')
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, done) {
        let text = ''
        stream.on('data', (chunk: Buffer) => (text += chunk.toString()))
        stream.on('end', () => {
          const messageId = /^message-id:\s*(.+)$/im.exec(text)?.[1]?.trim() ?? ''
          for (const recipient of session.envelope.rcptTo) delivered.push({ to: recipient.address, messageId })
          done()
        })
      },
    })
    await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve))
    // The same secret on both, as README "Running several servers" says; the first seeds.
    const shared = { DATABASE_URL: database.url, JWT_SECRET: E2E_JWT_SECRET, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` }
    a = new OwnServer(E2E_BASE_PORT + 13, `./data/e2e-two-a-${process.pid}`, { ...shared, SEED_DEMO: 'always' })
    b = new OwnServer(E2E_BASE_PORT + 14, `./data/e2e-two-b-${process.pid}`, shared)
    a.remove()
    b.remove()
    await a.start()
    await b.start()
  })

  test.afterAll(async () => {
    await a?.stop()
    await b?.stop()
    a?.remove()
    b?.remove()
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
    await database?.dispose()
  })

  test('a token from one server works on the other', async () => {
    const token = await signIn(a.origin, staff.username)
    const info = await vueCall(b.origin, 'GET', `/vue/company/${staff.companyId}/info/`, token)
    expect(info.http).toBe(200)
    expect(info.data).toMatchObject({ id: staff.companyId })
  })

  test('a user deactivated on one server is refused by the other within a second', async () => {
    const dealerToken = await signIn(a.origin, dealer.username)
    const carpenterToken = await signIn(b.origin, carpenter.username)
    const path = `/vue/company/${carpenter.companyId}/info/`
    // Server B has the carpenter's session in its read cache (READ_CACHE_TTL_MS, 5 s).
    expect((await vueCall(b.origin, 'GET', path, carpenterToken)).http).toBe(200)
    expect((await vueCall(b.origin, 'GET', path, carpenterToken)).http).toBe(200)
    const detail = await vueCall(a.origin, 'GET', `/vue/contact/${carpenter.userId}/detail/`, dealerToken)
    const edited = await vueCall(a.origin, 'POST', `/vue/contact/${carpenter.userId}/edit/`, dealerToken, {
      ...z.record(z.string(), z.unknown()).parse(detail.data),
      is_active: false,
    })
    expect(edited.http, edited.messages.join()).toBe(200)
    const refusedAfter = await within(1_000, async () => (await vueCall(b.origin, 'GET', path, carpenterToken)).http === 401)
    expect(refusedAfter, 'B still accepted the deactivated user after 1 s').not.toBeNull()
    // Deactivation ends the user's sessions (decision 056): the token's session has ended.
    const refused = await vueCall(b.origin, 'GET', path, carpenterToken)
    expect(refused.messages.join()).toBe('This session has ended (signed out, or ended from another browser). Please log in again.')
  })

  test('a session ended on one server is refused by the other within a second, the others go on', async () => {
    const phone = await signIn(b.origin, translator.username)
    const desk = await signIn(a.origin, translator.username)
    const path = '/vue/sessions/'
    // Server B has the phone's session in its read cache.
    expect((await vueCall(b.origin, 'GET', path, phone)).http).toBe(200)
    const listed = z.object({ sessions: z.array(z.object({ id: z.string(), current: z.boolean() })) }).parse((await vueCall(b.origin, 'GET', path, phone)).data)
    const phoneId = listed.sessions.find((row) => row.current)!.id
    const ended = await vueCall(a.origin, 'DELETE', `/vue/sessions/${phoneId}/`, desk)
    expect(ended.http, ended.messages.join()).toBe(200)
    const refusedAfter = await within(1_000, async () => (await vueCall(b.origin, 'GET', path, phone)).http === 401)
    expect(refusedAfter, 'B still accepted the ended session after 1 s').not.toBeNull()
    expect((await vueCall(b.origin, 'GET', path, desk)).http).toBe(200)
  })

  test('a dealer admin demoted on one server loses the right on the other within a second', async () => {
    const dealerToken = await signIn(a.origin, dealer.username)
    const created = await vueCall(a.origin, 'POST', `/vue/company/${dealer.companyId}/create/contact/`, dealerToken, {
      email: 'second.admin@two-servers.example',
      first_name: 'Zweite',
      last_name: 'Admin',
      dealer_admin: true,
    })
    expect(created.http, created.messages.join()).toBe(200)
    const { id, act_link: link } = z.object({ id: z.number(), act_link: z.string() }).parse(created.data)
    const password = 'zweite-admin-2026'
    const set = await vueCall(b.origin, 'POST', '/vue/password/change/', undefined, { token: link.split('/').at(-1), password, password2: password })
    expect(set.http, set.messages.join()).toBe(200)
    const adminToken = await signIn(b.origin, 'second.admin@two-servers.example', password)
    const contacts = `/vue/company/${dealer.companyId}/contacts/`
    expect((await vueCall(b.origin, 'GET', contacts, adminToken)).http).toBe(200)

    const detail = await vueCall(a.origin, 'GET', `/vue/contact/${id}/detail/`, dealerToken)
    const demoted = await vueCall(a.origin, 'POST', `/vue/contact/${id}/edit/`, dealerToken, {
      ...z.record(z.string(), z.unknown()).parse(detail.data),
      dealer_admin: false,
    })
    expect(demoted.http, demoted.messages.join()).toBe(200)
    const refusedAfter = await within(1_000, async () => (await vueCall(b.origin, 'GET', contacts, adminToken)).http === 403)
    expect(refusedAfter, 'B still let the demoted user act as dealer admin after 1 s').not.toBeNull()
  })

  test('login attempts are counted across servers: two servers do not double the allowance', async () => {
    // An address nobody uses: ten wrong passwords from one address lock it (app.config.ts).
    const username = 'guessed@two-servers.example'
    // Five through each server, one pair at a time (the answers slow down as failures add up).
    for (let attempt = 0; attempt < 5; attempt++) {
      const pair = await Promise.all(
        [a, b].map((server) => vueCall(server.origin, 'POST', '/vue/login/', undefined, { username, password: `wrong-password-${attempt}` })),
      )
      expect(pair.map((answer) => answer.http)).toEqual([401, 401])
    }
    for (const server of [a, b]) {
      const locked = await vueCall(server.origin, 'POST', '/vue/login/', undefined, { username, password: 'one-more-try' })
      expect(locked.http).toBe(429)
      expect(locked.messages.join()).toContain('Too many failed logins')
    }
  })

  test("a translator's claim and save through one server are in the other's live feed (decision 049)", async () => {
    const tokens = { a: await signIn(a.origin, translator.username), b: await signIn(b.origin, reviewer.username) }
    const live = z.object({
      cursor: z.string(),
      changes: z.array(z.object({ key: z.string(), value: z.string().nullable() })),
      claims: z.array(z.object({ key: z.string(), username: z.string() })),
    })
    const poll = async (since?: string) =>
      live.parse((await vueCall(b.origin, 'GET', `/vue/i18n/live/?kind=vartext&lang=fr${since ? `&since=${since}` : ''}`, tokens.b)).data)
    const { cursor } = await poll()
    const texts = z
      .object({ texts: z.array(z.object({ text: z.string() })) })
      .parse((await vueCall(a.origin, 'GET', '/vue/i18n/vartext/?src=master&dst=fr', tokens.a)).data)
    const key = texts.texts[0]!.text
    expect((await vueCall(a.origin, 'PUT', '/vue/i18n/claims/', tokens.a, { kind: 'vartext', lang: 'fr', key })).http).toBe(200)
    const saved = await vueCall(a.origin, 'POST', '/vue/i18n/vartext/', tokens.a, {
      languages: { fr: ['', { [key]: 'Par deux serveurs' }] },
      changes: { fr: [key] },
      pid2trus: {},
    })
    expect(saved.http, saved.messages.join()).toBe(200)
    // Read by the other server from the shared database at once: no message between servers.
    const seen = await poll(cursor)
    expect(seen.changes).toEqual([expect.objectContaining({ key, value: 'Par deux serveurs' })])
    expect(seen.claims).toEqual([{ key, username: translator.username }])
  })

  test('mail requests are counted across servers', async () => {
    // Five reset mails per address and hour: three through each server make six.
    const answers: number[] = []
    for (let request = 0; request < 3; request++) {
      for (const server of [a, b]) answers.push((await vueCall(server.origin, 'POST', '/vue/password/reset/', undefined, { email: carpenter.username })).http)
    }
    expect(answers).toEqual([200, 200, 200, 200, 200, 429])
  })

  test('the outbox sends every mail exactly once with both senders running', async () => {
    const client = new pg.Client({ connectionString: database.url })
    await client.connect()
    const count = 120
    try {
      await client.query(
        `insert into mail_outbox (to_address, subject, text_body)
         select 'outbox-' || n || '@two-servers.example', 'Outbox test ' || n, 'Mail ' || n from generate_series(1, $1::int) n`,
        [count],
      )
      await expect
        .poll(
          async () =>
            z.coerce
              .number()
              .parse((await client.query(`select count(*) as n from mail_outbox where status = 'sent' and to_address like 'outbox-%'`)).rows[0]?.n),
          {
            timeout: 60_000,
          },
        )
        .toBe(count)
    } finally {
      await client.end()
    }
    const ours = delivered.filter((mail) => mail.to.startsWith('outbox-'))
    expect(ours).toHaveLength(count)
    expect(new Set(ours.map((mail) => mail.to)).size).toBe(count)
    // Each mail carries its outbox id, so a receiver can tell a resend from a new mail.
    for (const mail of ours) expect(mail.messageId).toMatch(/^<outbox-\d+-\d+@[^>]+>$/)
    expect(new Set(ours.map((mail) => mail.messageId)).size).toBe(count)
  })

  test('concurrent writes through both servers lose nothing', async () => {
    const tokens = { a: await signIn(a.origin, dealer.username), b: await signIn(b.origin, dealer.username) }
    const company = dealer.companyId
    // Ten new delivery addresses, half through each server, at the same time.
    const made = await Promise.all(
      Array.from({ length: 10 }, (_, n) => {
        const [server, token] = n % 2 === 0 ? [a, tokens.a] : [b, tokens.b]
        return vueCall(server.origin, 'POST', `/vue/company/${company}/address/new/`, token, {
          name1: `Lager ${n}`,
          address1: `Hafenstraße ${n + 1}`,
          zip: '20457',
          city: 'Hamburg',
          country: 'DE',
          phone: `+49 40 1234${n}`,
        })
      }),
    )
    for (const answer of made) expect(answer.http, answer.messages.join()).toBe(200)
    const list = async () =>
      z
        .object({ addresses: z.array(z.object({ id: z.number(), name1: z.string(), is_delivery: z.boolean(), active: z.boolean() })) })
        .parse((await vueCall(a.origin, 'GET', `/vue/company/${company}/delivery-addresses/`, tokens.a)).data).addresses
    const ours = (await list()).filter((address) => address.name1.startsWith('Lager '))
    expect(ours.map((address) => address.name1).sort()).toEqual(Array.from({ length: 10 }, (_, n) => `Lager ${n}`).sort())
    // Choosing the delivery address on both at once: exactly one is it afterwards.
    const chosen = await Promise.all(
      ours.map((address, n) => {
        const [server, token] = n % 2 === 0 ? [a, tokens.a] : [b, tokens.b]
        return vueCall(server.origin, 'POST', `/vue/company/${company}/address/${address.id}/set-delivery/`, token)
      }),
    )
    for (const answer of chosen) expect([200, 409], answer.messages.join()).toContain(answer.http)
    expect((await list()).filter((address) => address.is_delivery)).toHaveLength(1)
    // Contact edits of different contacts through both servers at once: every one is kept.
    const contacts = z
      .object({ contacts: z.array(z.object({ id: z.number(), is_active: z.boolean() })) })
      .parse((await vueCall(a.origin, 'GET', `/vue/company/${company}/contacts/`, tokens.a)).data)
      .contacts.filter((contact) => contact.is_active && contact.id !== dealer.userId)
      .slice(0, 6)
    expect(contacts.length).toBeGreaterThanOrEqual(2)
    const renamed = await Promise.all(
      contacts.map(async (contact, n) => {
        const [server, token] = n % 2 === 0 ? [a, tokens.a] : [b, tokens.b]
        const detail = z
          .object({ email: z.string(), first_name: z.string() })
          .passthrough()
          .parse((await vueCall(server.origin, 'GET', `/vue/contact/${contact.id}/detail/`, token)).data)
        return vueCall(server.origin, 'POST', `/vue/contact/${contact.id}/edit/`, token, { email: detail.email, first_name: `Parallel ${n}` })
      }),
    )
    for (const answer of renamed) expect(answer.http, answer.messages.join()).toBe(200)
    for (const [n, contact] of contacts.entries()) {
      const detail = await vueCall(n % 2 === 0 ? b.origin : a.origin, 'GET', `/vue/contact/${contact.id}/detail/`, n % 2 === 0 ? tokens.b : tokens.a)
      expect(detail.data).toMatchObject({ first_name: `Parallel ${n}` })
    }
  })

  test('price uploads through both servers at once are both applied', async () => {
    const tokens = { a: await signIn(a.origin, staff.username), b: await signIn(b.origin, staff.username) }
    const rows = (prefix: string) =>
      ['article_uid;article_type;price', ...Array.from({ length: 2_000 }, (_, n) => `${prefix}-${n};GRIFF;${n + 1},25`)].join('\n') + '\n'
    const upload = (server: OwnServer, token: string, content: string, dryRun: boolean) => {
      const form = new FormData()
      form.set('prices', new File([content], 'prices.csv', { type: 'text/csv' }))
      return vueCall(server.origin, 'POST', `/vue/price/upload/?dry_run=${dryRun ? 1 : 0}`, token, form)
    }
    const [first, second] = await Promise.all([upload(a, tokens.a, rows('TWO-A'), false), upload(b, tokens.b, rows('TWO-B'), false)])
    expect(first.http, first.messages.join()).toBe(200)
    expect(second.http, second.messages.join()).toBe(200)
    // A dry run of both files through the other server: every row is there now, unchanged.
    for (const [server, token, prefix] of [
      [b, tokens.b, 'TWO-A'],
      [a, tokens.a, 'TWO-B'],
    ] as const) {
      const answer = await upload(server, token, rows(prefix), true)
      expect(answer.data).toMatchObject({ rows: 2_000, unchanged: 2_000, new: 0, changed: 0 })
    }
  })
})

test.describe('two servers started at once on an empty PostgreSQL', () => {
  test('both serve, with the schema and the demo data made once', async () => {
    const database = await sharedPostgres('portal_two_starts')
    const env = { DATABASE_URL: database.url, JWT_SECRET: E2E_JWT_SECRET, SEED_DEMO: 'always' }
    const servers = [13, 14].map((offset) => new OwnServer(E2E_BASE_PORT + offset, `./data/e2e-two-start-${offset}-${process.pid}`, env))
    try {
      for (const server of servers) server.remove()
      await Promise.all(servers.map((server) => server.start()))
      for (const server of servers) await signIn(server.origin, staff.username)
      const client = new pg.Client({ connectionString: database.url })
      await client.connect()
      try {
        const users = z.coerce.number().parse((await client.query(`select count(*) as n from users where email = $1`, [staff.username])).rows[0]?.n)
        expect(users).toBe(1)
      } finally {
        await client.end()
      }
    } finally {
      for (const server of servers) {
        await server.stop()
        server.remove()
      }
      await database.dispose()
    }
  })
})
