import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { pruneActivity, verifyChain } from '../../src/server/activity/chain.server'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/seed/demo-accounts'
import { addressCreateEndpoint, deliveryListEndpoint } from '../../src/contract/delivery'
import { loginEndpoint, switchUserEndpoint } from '../../src/contract/session'
import { adminInProcess } from '../helpers/admin'
import { startApi, type TestApi } from '../helpers/api'

// The activity trail (decision 053): one row per write and per refused sign-in, naming the real
// person and the user acted as; append-only in the database, chained by hashes.
const { carpenter, staff, dealer } = DEMO_ACCOUNTS
const NEW_ADDRESS = { name1: 'Lager Nord', address1: 'Hafenstraße 3', zip: '20457', city: 'Hamburg', country: 'DE', phone: '+49 40 123456' }

const trailRow = z.object({
  id: z.coerce.number(),
  actor_user_id: z.number().nullable(),
  acting_as_user_id: z.number().nullable(),
  company_id: z.number().nullable(),
  action: z.string(),
  outcome: z.string(),
  target: z.string().nullable(),
  changes: z.unknown(),
  details: z.unknown(),
  address: z.string().nullable(),
  prev_hash: z.string(),
  hash: z.string(),
})
type TrailRow = z.infer<typeof trailRow>

let api: TestApi

beforeAll(async () => {
  api = await startApi()
})
afterAll(async () => {
  await api.close()
})

async function rowsAfter(id: number): Promise<TrailRow[]> {
  const result = await api.database.db.execute(sql`select * from activity where id > ${id} order by id`)
  return z.object({ rows: z.array(trailRow) }).parse(result).rows
}

async function lastId(): Promise<number> {
  const result = await api.database.db.execute(sql`select coalesce(max(id), 0) as id from activity`)
  return z.object({ rows: z.array(z.object({ id: z.coerce.number() })) }).parse(result).rows[0]!.id
}

async function refusal(statement: string): Promise<string> {
  try {
    await api.database.db.execute(sql.raw(statement))
  } catch (error) {
    return String(error instanceof Error && error.cause instanceof Error ? error.cause.message : error)
  }
  return 'not refused'
}

describe('the activity trail', () => {
  it('records a sign-in with the person, their company and address; a refused one without the password', async () => {
    const before = await lastId()
    await api.call(loginEndpoint, { username: carpenter.username, password: DEMO_PASSWORD }, { clientAddress: '10.1.2.3' })
    await api.call(loginEndpoint, { username: carpenter.username, password: 'Wrong-password-1' }, { clientAddress: '10.1.2.4' })
    await api.call(loginEndpoint, { username: 'Secret-Typed-Here', password: 'Another-wrong-1' }, { clientAddress: '10.1.2.5' })
    const rows = await rowsAfter(before)
    expect(rows.map((row) => [row.action, row.outcome, row.target, row.address])).toEqual([
      ['session.login', 'done', carpenter.username, '10.1.2.3'],
      ['session.login', 'refused', carpenter.username, '10.1.2.4'],
      ['session.login', 'refused', 'unknown user', '10.1.2.5'],
    ])
    expect(rows[0]!.company_id).toBe(carpenter.companyId)
    expect(rows[0]!.actor_user_id).toBeGreaterThan(0)
    expect(JSON.stringify(rows)).not.toMatch(/Wrong-password-1|Secret-Typed-Here/)
  })

  it('records a write by its person and company, and no read', async () => {
    const token = await api.loginAs(carpenter.username)
    const before = await lastId()
    await api.call(deliveryListEndpoint, { id: carpenter.companyId }, { token })
    const created = await api.call(addressCreateEndpoint, { cid: carpenter.companyId, ...NEW_ADDRESS }, { token })
    expect(created.httpStatus).toBe(200)
    const [row, ...more] = await rowsAfter(before)
    expect(more).toEqual([])
    expect(row).toMatchObject({
      action: 'delivery.create',
      outcome: 'done',
      company_id: carpenter.companyId,
      acting_as_user_id: null,
    })
    // The handler names what it created, and how.
    const { address } = z.object({ address: z.object({ id: z.number() }) }).parse(created.data)
    expect(row!.target).toBe(`delivery_address ${address.id}`)
    expect(row!.details).toMatchObject({ company: carpenter.companyId, name1: NEW_ADDRESS.name1, city: NEW_ADDRESS.city })
  })

  it('names both people for a write made while switched', async () => {
    const staffToken = await api.loginAs(staff.username)
    const switched = await api.call(switchUserEndpoint, { email: dealer.username, reason: 'Support request' }, { token: staffToken })
    const { jwt } = z.object({ jwt: z.string() }).parse(switched.data)
    const before = await lastId()
    const created = await api.call(addressCreateEndpoint, { cid: dealer.companyId, ...NEW_ADDRESS }, { token: jwt })
    expect(created.httpStatus, created.messages.join(' ')).toBe(200)
    const [row] = await rowsAfter(before)
    const ids = z
      .object({ rows: z.array(z.object({ email: z.string(), id: z.number() })) })
      .parse(await api.database.db.execute(sql`select email, id from users where email in (${staff.username}, ${dealer.username})`)).rows
    const idOf = (email: string) => ids.find((user) => user.email === email)?.id
    expect(row).toMatchObject({ actor_user_id: idOf(staff.username), acting_as_user_id: idOf(dealer.username), company_id: dealer.companyId })
  })

  it('refuses UPDATE, DELETE and TRUNCATE, whoever asks', async () => {
    const before = await lastId()
    expect(before).toBeGreaterThan(0)
    expect(await refusal(`update activity set target = 'nobody' where id = ${before}`)).toMatch(/append-only: UPDATE refused/)
    expect(await refusal(`delete from activity where id = ${before}`)).toMatch(/append-only: DELETE refused/)
    expect(await refusal('truncate activity')).toMatch(/append-only: TRUNCATE refused/)
    expect(await lastId()).toBe(before)
  })

  it('chains every row to the one before; the check finds a row changed behind the trigger', async () => {
    const rows = await rowsAfter(0)
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.prev_hash).toBe(rows[i - 1]!.hash)
    expect(await verifyChain(api.database.db)).toEqual({ intact: true, rows: rows.length, firstId: rows[0]!.id, lastId: rows.at(-1)!.id })
    const verified = await adminInProcess(['activity', 'verify'], { database: api.database })
    expect(verified).toMatchObject({ code: 0, stdout: `The activity trail is intact: ${rows.length} rows, ${rows[0]!.id} … ${rows.at(-1)!.id}.` })

    // The table's owner can still switch the trigger off: the chain shows what was done then.
    const changed = rows[1]!.id
    await api.database.db.execute(sql`alter table activity disable trigger activity_refuse_change`)
    try {
      await api.database.db.execute(sql`update activity set address = '192.0.2.1' where id = ${changed}`)
    } finally {
      await api.database.db.execute(sql`alter table activity enable trigger activity_refuse_change`)
    }
    expect(await verifyChain(api.database.db)).toEqual({ intact: false, rows: 1, brokenAt: changed, why: 'changed' })
    const broken = await adminInProcess(['activity', 'verify'], { database: api.database })
    expect(broken.code).toBe(1)
    expect(broken.stderr).toContain(`the chain is broken at row ${changed}: the row was changed`)
  })

  it('prunes only rows past the retention, records that it did, and the rest stays a chain', async () => {
    // A fresh database: the row changed above would break this chain too.
    await api.close()
    api = await startApi()
    await api.loginAs(carpenter.username)
    const first = await lastId()
    // The first row is made old (behind the trigger, as only a test may).
    await api.database.db.execute(sql`alter table activity disable trigger activity_refuse_change`)
    await api.database.db.execute(sql`update activity set at = now() - interval '800 days' where id = ${first}`)
    await api.database.db.execute(sql`alter table activity enable trigger activity_refuse_change`)
    await api.loginAs(dealer.username)

    expect(await refusal(`delete from activity where id = ${first}`)).toMatch(/DELETE refused/)
    const pruned = await adminInProcess(['activity', 'prune'], { database: api.database })
    expect(pruned).toMatchObject({ code: 0 })
    expect(pruned.stdout).toMatch(/^Deleted 1 row\(s\) older than .* \(730 days\); the pruning is recorded\.$/)
    const left = await rowsAfter(0)
    expect(left.map((row) => row.action)).toEqual(['session.login', 'activity.prune'])
    expect(left[1]!.details).toMatchObject({ deleted: 1, by: 'admin activity prune' })
    // The row made old is gone; the chain starts at the first row left.
    const check = await verifyChain(api.database.db)
    expect(check.intact).toBe(true)
    expect(await pruneActivity(api.database.db, new Date(0), 'test')).toBe(0)
  })

  it('records the admin commands that change something, with their command line', async () => {
    const before = await lastId()
    const run = await adminInProcess(['unlock', '--all'], { database: api.database })
    expect(run.code, run.stderr).toBe(0)
    const [row] = await rowsAfter(before)
    expect(row).toMatchObject({ action: 'admin.unlock', actor_user_id: null, details: { arguments: ['--all'] } })
    // A check changes nothing and leaves no row.
    const mark = await lastId()
    await adminInProcess(['activity', 'verify'], { database: api.database })
    expect(await lastId()).toBe(mark)
  })

  it('answers usage errors of the command with exit 2', async () => {
    expect((await adminInProcess(['activity'], { database: api.database })).code).toBe(2)
    expect((await adminInProcess(['activity', 'tidy'], { database: api.database })).code).toBe(2)
    expect((await adminInProcess(['activity', 'prune', '--days', '0'], { database: api.database })).code).toBe(2)
  })
})
