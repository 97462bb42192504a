import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contactListEndpoint } from '../../src/contract/contacts'
import type { FlatInput } from '../../src/contract/endpoint-fn'
import { users } from '../../src/server/db/schema/index'
import { DEMO_ACCOUNTS, DEMO_ROLES } from '../../src/server/seed/demo-accounts'
import { startApi, type TestApi } from '../helpers/api'
import { unchecked, type Unchecked } from '../helpers/endpoint-call'

// GET /vue/contact/list/ (manage-users): 25 per page, e-mail filter, active or inactive.
let api: TestApi
let token: string
beforeAll(async () => {
  api = await startApi()
  token = await api.loginAs(DEMO_ACCOUNTS.staff.username)
})
afterAll(() => api.close())

async function list(query: FlatInput<typeof contactListEndpoint> | Unchecked, as = token) {
  const result = await api.call(contactListEndpoint, query, { token: as })
  return { httpStatus: result.httpStatus, answer: result.status ? result.data : null }
}

describe('GET /vue/contact/list/', () => {
  it('answers the active users, 25 per page, by e-mail', async () => {
    const { httpStatus, answer } = await list({ active: '1' })
    expect(httpStatus).toBe(200)
    const active = await api.database.db.$count(users, eq(users.isActive, true))
    expect(answer?.no_of_users).toBe(active)
    expect(answer?.pages).toBe(Math.ceil(active / 25))
    expect(answer?.users).toHaveLength(25)
    expect(answer?.users.every((user) => user.is_active)).toBe(true)
    const emails = answer?.users.map((user) => user.email) ?? []
    expect([...emails].sort()).toEqual(emails)
  })

  it('answers the inactive users with active=0', async () => {
    const { answer } = await list({ active: '0', number_per_page: 200 })
    const inactive = await api.database.db.$count(users, eq(users.isActive, false))
    expect(answer?.no_of_users).toBe(inactive)
    expect(answer?.users.every((user) => !user.is_active)).toBe(true)
  })

  it('filters by e-mail, case-insensitively, and pages', async () => {
    const { answer } = await list({ email: 'DEMO.EXAMPLE' })
    expect(answer?.users.map((user) => user.email)).toContain(DEMO_ACCOUNTS.dealer.username)
    expect(answer?.users.every((user) => user.email.includes('demo.example'))).toBe(true)
    const second = (await list({ page: 2, sort: '-email' })).answer
    const emails = second?.users.map((user) => user.email) ?? []
    expect([...emails].sort().reverse()).toEqual(emails)
  })

  it('gives the groups and the company of each user', async () => {
    const { answer } = await list({ email: DEMO_ACCOUNTS.translator.username })
    expect(answer?.users).toHaveLength(1)
    expect(answer?.users[0]).toMatchObject({ groups: ['CAN_TRANSLATE'], company: [DEMO_ACCOUNTS.translator.companyId, expect.any(String)] })
  })

  it('takes odd characters literally and refuses huge values', async () => {
    for (const odd of ['%', '_', "' or 1=1 --", '😀']) expect((await list({ email: odd })).answer?.no_of_users).toBe(0)
    expect((await list({ email: 'a'.repeat(255) })).httpStatus).toBe(400)
    expect((await list(unchecked({ active: 'yes' }))).httpStatus).toBe(400)
    expect((await list({ page: -1 })).httpStatus).toBe(400)
  })

  it('needs a token', async () => {
    expect((await api.call(contactListEndpoint)).httpStatus).toBe(401)
  })

  it.each(DEMO_ROLES.filter((role) => !DEMO_ACCOUNTS[role].groups.includes('MANAGE_USERS')))(
    'refuses the %s account (no MANAGE_USERS) with 403',
    async (role) => {
      const other = await api.loginAs(DEMO_ACCOUNTS[role].username)
      expect((await list({}, other)).httpStatus).toBe(403)
    },
  )
})
