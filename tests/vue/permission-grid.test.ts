import { z } from 'zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { endpointUrl, type AnyEndpoint } from '../../src/contract/endpoint'
import { PERMISSIONS, type Permission } from '../../src/domain/permissions'
import { issueToken } from '../../src/server/auth/token.server'
import { users, userGroups } from '../../src/server/db/schema/index'
import { companyIdAt } from '../../src/server/endpoint/implement.server'
import { allImplementations } from '../../src/server/endpoint/registry.server'
import { DEMO_ACCOUNTS, DEMO_COMPANY_IDS, type DemoAccount } from '../../src/server/seed/demo-accounts'
import { callEndpoint } from '../../src/server/endpoint/call.server'
import { startApi, type CallResult, type TestApi } from '../helpers/api'

// The grid endpoint × caller × company, derived from the endpoint definitions alone: who may
// call (access) and which company the input names (scope). A new endpoint is in it without a
// line written here. Every cell is asked over HTTP and through the UI's in-process call, and
// both must answer alike. The input is the smallest one each schema accepts, so a scoped call
// gets as far as the scope check; whatever the handler then answers is its own business. Each
// call gets a session of its own: a call may end the caller's sessions (a contact edit that
// changes the caller's e-mail), and that must not decide the answer to the next one.
const ACCESS_REFUSED = { 401: 'Please log in first.', 403: 'You are not allowed to do this.' } as const
const SCOPE_REFUSED = { 403: 'You are not allowed to access this company.', 404: 'This company does not exist.' } as const
const UNKNOWN_COMPANY = 2_000_000

type Row = { name: string; userId: number | null; account: Pick<DemoAccount, 'companyId' | 'groups' | 'dealerAdmin'> | null }
type Answer = Pick<CallResult, 'httpStatus' | 'messages'>

let api: TestApi
const rows: Row[] = []
/** For each permission, a supplier user holding every other one. */
const lacking = new Map<Permission, Row>()

beforeAll(async () => {
  api = await startApi()
  rows.push({ name: 'no token', userId: null, account: null })
  for (const [role, account] of Object.entries(DEMO_ACCOUNTS)) {
    rows.push({ name: role, userId: account.userId, account })
  }
  const [{ hash } = { hash: '' }] = await api.database.db.select({ hash: users.passwordHash }).from(users).limit(1)
  for (const permission of PERMISSIONS) {
    const groups = PERMISSIONS.filter((held) => held !== permission)
    const [user] = await api.database.db
      .insert(users)
      .values({ email: `lacks-${permission.toLowerCase()}@grid.example`, passwordHash: hash, firstName: 'Lacks', companyId: DEMO_COMPANY_IDS.supplier })
      .returning({ id: users.id })
    if (!user) throw new Error('grid user not inserted')
    await api.database.db.insert(userGroups).values(groups.map((held) => ({ userId: user.id, permission: held })))
    const account = { companyId: DEMO_COMPANY_IDS.supplier, groups, dealerAdmin: groups.includes('IS_DEALER_ADMIN') }
    lacking.set(permission, { name: `lacking ${permission}`, userId: user.id, account })
  }
})
afterAll(() => api.close())

describe.each(allImplementations.map(({ endpoint }) => [endpoint.id, endpoint] as const))('%s', (_, endpoint) => {
  const access = endpoint.access
  const required = access.kind === 'permission' ? access.permission : null

  it('refuses exactly the callers its access refuses', async () => {
    // A public call never reads a token: one row with and one without tell it all.
    const grid = required ? [...rows, lacking.get(required)!] : access.kind === 'public' ? rows.slice(0, 2) : rows
    for (const row of grid) {
      const answer = await ask(endpoint, row, row.account?.companyId ?? DEMO_COMPANY_IDS.supplier)
      const refused =
        row.account === null ? access.kind === 'authenticated' || access.kind === 'permission' : required !== null && !row.account.groups.includes(required)
      const expected = row.account === null ? 401 : 403
      if (refused) expect({ row: row.name, ...answer }, endpoint.path).toEqual({ row: row.name, httpStatus: expected, messages: [ACCESS_REFUSED[expected]] })
      else expect(isAccessRefusal(answer), `${row.name}: ${JSON.stringify(answer)}`).toBe(false)
    }
  })

  if (endpoint.scope)
    it('acts on the caller’s own company and refuses a foreign one', async () => {
      for (const row of rows) {
        const { account } = row
        if (!account || (required && !account.groups.includes(required))) continue
        const own = await ask(endpoint, row, account.companyId)
        expect(isScopeRefusal(own), `${row.name} own company: ${JSON.stringify(own)}`).toBe(false)
        // Staff see the whole tree: for them only an unknown company is foreign, and it says so.
        const wholeTree = account.companyId === DEMO_COMPANY_IDS.supplier && account.dealerAdmin
        const foreign = wholeTree ? UNKNOWN_COMPANY : account.companyId === DEMO_COMPANY_IDS.supplier ? DEMO_COMPANY_IDS.dealer : DEMO_COMPANY_IDS.supplier
        const status = wholeTree ? 404 : 403
        expect({ row: row.name, ...(await ask(endpoint, row, foreign)) }).toEqual({ row: row.name, httpStatus: status, messages: [SCOPE_REFUSED[status]] })
      }
    })
})

/** The same call over HTTP and in-process; both must answer alike. */
async function ask(endpoint: AnyEndpoint, row: Row, companyId: number): Promise<Answer> {
  const input = sampleInput(endpoint, companyId)
  // A field no sample fits is left out of the URL too (not sent as "undefined"), as in-process.
  const search = new URLSearchParams(Object.entries(input.query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])))
  const path = `${endpointUrl(endpoint.path, input.params)}${search.size > 0 ? `?${search}` : ''}`
  const bodyless = endpoint.method === 'GET' || endpoint.method === 'DELETE'
  const session = () => (row.userId === null ? Promise.resolve(null) : issueToken({ userId: row.userId }))
  const http = await api.request(endpoint.method, path, { token: (await session()) ?? undefined, body: bodyless ? undefined : input.body })
  const context = { token: await session(), locale: 'en' as const, clientAddress: '127.0.0.1', origin: 'http://localhost' }
  const inProcess = await callEndpoint(endpoint, input, context, undefined)
  const answer = { httpStatus: http.httpStatus, messages: http.messages }
  if (!endpoint.multipart)
    expect(inProcess.status ? { httpStatus: 200, messages: [] } : { httpStatus: inProcess.httpStatus, messages: inProcess.messages }).toEqual(answer)
  return answer
}

function isAccessRefusal(answer: Answer): boolean {
  return (
    (answer.httpStatus === 401 || answer.httpStatus === 403) &&
    answer.messages.some((text) => Object.values(ACCESS_REFUSED).some((refusal) => refusal === text))
  )
}

function isScopeRefusal(answer: Answer): boolean {
  return answer.messages.some((text) => Object.values(SCOPE_REFUSED).some((refusal) => refusal === text))
}

/** The smallest input the endpoint's schemas accept, with `companyId` in the scope's field. */
function sampleInput(endpoint: AnyEndpoint, companyId: number) {
  const company = endpoint.scope?.company.split('.') ?? []
  const part = (name: 'params' | 'query' | 'body', schema: z.ZodType): Record<string, unknown> => {
    const sample: Record<string, unknown> = {}
    if (!(schema instanceof z.ZodObject)) return sample
    const shape: Record<string, z.ZodType> = schema.shape
    for (const [field, fieldSchema] of Object.entries(shape)) {
      if (company[0] === name && company[1] === field) sample[field] = companyId
      else if (!fieldSchema.safeParse(undefined).success) sample[field] = SAMPLES.find((value) => fieldSchema.safeParse(value).success)
    }
    return sample
  }
  const input = { params: part('params', endpoint.params), query: part('query', endpoint.query), body: part('body', endpoint.body) }
  // A scoped call must get past parsing, or the scope check would never be reached.
  if (endpoint.scope) {
    expect([endpoint.params, endpoint.query, endpoint.body].map((schema, index) => schema.safeParse(Object.values(input)[index]).success)).toEqual([
      true,
      true,
      true,
    ])
    expect(companyIdAt(endpoint.scope, input)).toBe(companyId)
  }
  return input
}

// '1234': a basket number (its rule refuses the words before it); a uuid: a session's id.
const SAMPLES: unknown[] = [1, 'de', 'x', 'grid@example.com', '1234', true, [], '00000000-0000-4000-8000-000000000000']
