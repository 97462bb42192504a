import { eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setParentEndpoint, setParentReadEndpoint } from '../../src/contract/company-parent'
import { companyInfoEndpoint } from '../../src/contract/companies'
import { PARENT_CHOICES_PAGE } from '../../src/domain/company-fields'
import { companyTree, users } from '../../src/server/db/schema/index'
import { DEMO_ACCOUNTS, DEMO_COMPANY_IDS } from '../../src/server/seed/demo-accounts'
import { startApi, type TestApi } from '../helpers/api'
import { unchecked } from '../helpers/endpoint-call'
import { auditEntries, childrenOf, expectConsistentTree, rowOf, siblingDealer, treeRows } from './company-tree'

// GET and POST /vue/company/{id}/set-parent/ (decision 029).
let api: TestApi
let dealerToken: string
let staffToken: string
let sibling: { id: number; childId: number }
/** The carpenter's company (3, with end customers below it) and another carpenter of the dealer. */
const moved = DEMO_COMPANY_IDS.carpenter
let target: number

beforeAll(async () => {
  api = await startApi()
  dealerToken = await api.loginAs(DEMO_ACCOUNTS.dealer.username)
  staffToken = await api.loginAs(DEMO_ACCOUNTS.staff.username)
  sibling = await siblingDealer(api)
  const candidates = (await childrenOf(api, DEMO_COMPANY_IDS.dealer)).filter((id) => id !== moved && id !== DEMO_COMPANY_IDS.industry)
  target = candidates[0]!
})
afterAll(() => api.close())

const read = (id: number | string, token = dealerToken, query: { node?: number | string; offset?: number } = {}) =>
  api.call(setParentReadEndpoint, { id, ...query }, { token })
const move = (id: number | string, body: { parent: unknown }, token = dealerToken) => api.call(setParentEndpoint, { id, ...body }, { token })
const form = (id: number, text: string, type = 'application/x-www-form-urlencoded') =>
  api.request('POST', `/vue/company/${id}/set-parent/`, { token: dealerToken, rawBody: text, headers: { 'content-type': type } })

async function usersBelow(path: string): Promise<number> {
  const rows = await api.database.db
    .select({ id: users.id })
    .from(users)
    .innerJoin(companyTree, eq(companyTree.companyId, users.companyId))
    .where(like(companyTree.path, `${path}%`))
  return rows.length
}

describe('GET /vue/company/{id}/set-parent/', () => {
  it('answers the top of the scope expanded one level, without the company, the current parent and what moves along', async () => {
    const result = await read(moved)
    expect(result.httpStatus).toBe(200)
    const data = result.data
    const row = await rowOf(api, moved)
    expect(data.company).toEqual([moved, row.name1])
    expect(data.current).toEqual([DEMO_COMPANY_IDS.dealer, (await rowOf(api, DEMO_COMPANY_IDS.dealer)).name1])
    expect(data.children).toHaveLength(1)
    const [root] = data.children
    expect(root).toMatchObject({ id: DEMO_COMPANY_IDS.dealer, expanded: true, has_children: true })
    const expected = (await childrenOf(api, DEMO_COMPANY_IDS.dealer)).filter((id) => id !== moved)
    expect(root!.children.map((child) => child.id).sort((a, b) => a - b)).toEqual(expected)
    expect(data.total).toBe(expected.length)
    expect(root!.children.every((child) => !child.expanded && child.children.length === 0 && typeof child.city === 'string')).toBe(true)
    expect(data.moves_along).toEqual({ sub_companies: (await childrenOf(api, moved)).length, users: await usersBelow(row.path) })
  })

  it('answers a node’s children with ?node=, sorted by name, paged with ?offset=', async () => {
    const result = await read(DEMO_COMPANY_IDS.industry, staffToken, { node: DEMO_COMPANY_IDS.supplier })
    expect(result.httpStatus).toBe(200)
    const data = result.data
    expect(data.node).toBe(DEMO_COMPANY_IDS.supplier)
    const all = await childrenOf(api, DEMO_COMPANY_IDS.supplier)
    expect(data.total).toBe(all.length)
    expect(data.children.length).toBe(Math.min(all.length, PARENT_CHOICES_PAGE))
    const names = data.children.map((child) => child.name1)
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    const next = (await read(DEMO_COMPANY_IDS.industry, staffToken, { node: DEMO_COMPANY_IDS.supplier, offset: 1 })).data
    expect(next.children[0]).toEqual(data.children[1])
    expect(next.offset).toBe(1)
  })

  it('says which nodes have children, leaving the company out of its parent’s children and of has_children', async () => {
    const top = (await read(DEMO_COMPANY_IDS.industry)).data.children[0]!.children
    expect(top.find((child) => child.id === DEMO_COMPANY_IDS.carpenter)?.has_children).toBe(true)
    // The industry customer has one sub-company: moving that one, the industry node has no other child.
    const [only] = await childrenOf(api, DEMO_COMPANY_IDS.industry)
    const data = (await read(only!, dealerToken, { node: DEMO_COMPANY_IDS.dealer })).data
    expect(data.children.find((child) => child.id === DEMO_COMPANY_IDS.industry)?.has_children).toBe(false)
    const below = (await read(only!, dealerToken, { node: DEMO_COMPANY_IDS.industry })).data
    expect(below).toMatchObject({ children: [], total: 0 })
  })

  it('refuses the company itself or a node below it as a node (409)', async () => {
    expect(await read(moved, dealerToken, { node: moved })).toMatchObject({ httpStatus: 409, messages: ['A company cannot be moved under itself.'] })
    const [child] = await childrenOf(api, moved)
    const below = await read(moved, dealerToken, { node: child })
    expect(below.httpStatus).toBe(409)
    expect(below.messages[0]).toMatch(/cannot be moved under one of its own sub-companies/)
  })

  it('refuses a node out of scope (403) and a node that is no number (400)', async () => {
    expect(await read(moved, dealerToken, { node: sibling.id })).toMatchObject({ httpStatus: 403, messages: ['You are not allowed to access this company.'] })
    expect(await read(moved, dealerToken, { node: 'abc' })).toMatchObject({ httpStatus: 400, messages: ['Node is not correct.'] })
    expect((await read(moved, dealerToken, { offset: -1 })).httpStatus).toBe(400)
  })

  it('refuses the caller’s own company, other roles, foreign and bad ids, and no token', async () => {
    expect(await read(DEMO_COMPANY_IDS.dealer)).toMatchObject({
      httpStatus: 403,
      messages: ['You cannot move your own company: its parent lies outside your scope.'],
    })
    expect(await read(DEMO_COMPANY_IDS.supplier, staffToken)).toMatchObject({ httpStatus: 403 })
    for (const role of ['carpenter', 'industry', 'translator', 'guest'] as const) {
      const token = await api.loginAs(DEMO_ACCOUNTS[role].username)
      expect(await read(DEMO_ACCOUNTS[role].companyId, token)).toMatchObject({ httpStatus: 403, messages: ['You are not allowed to do this.'] })
    }
    expect(await read(sibling.childId)).toMatchObject({ httpStatus: 403, messages: ['You are not allowed to access this company.'] })
    expect(await read(2_000_000)).toMatchObject({ httpStatus: 403 })
    expect(await read(2_000_000, staffToken)).toMatchObject({ httpStatus: 404, messages: ['This company does not exist.'] })
    expect(await read('abc')).toMatchObject({ httpStatus: 400, messages: ['ID is not correct.'] })
    expect((await read(moved, '')).httpStatus).toBe(401)
  })

  it('answers in German', async () => {
    const result = await api.call(setParentReadEndpoint, { id: DEMO_COMPANY_IDS.dealer }, { token: dealerToken, locale: 'de' })
    expect(result.messages).toEqual(['Ihr eigenes Unternehmen können Sie nicht verschieben: sein übergeordnetes Unternehmen liegt außerhalb Ihres Bereichs.'])
  })
})

describe('POST /vue/company/{id}/set-parent/', () => {
  it('moves the company with its whole subtree (JSON), in the audit log, and the reads show it at once', async () => {
    const before = await rowOf(api, moved)
    const parent = await rowOf(api, target)
    const subtree = (await treeRows(api)).filter((row) => row.path.startsWith(before.path))
    const people = await usersBelow(before.path)
    // Read once so the caches hold the old paths.
    expect((await api.call(companyInfoEndpoint, { id: moved }, { token: dealerToken })).data.parent?.[0]).toBe(DEMO_COMPANY_IDS.dealer)
    const result = await move(moved, { parent: target })
    expect(result.httpStatus).toBe(200)
    const data = result.data
    expect(data).toEqual({
      company: [moved, before.name1],
      parent: [target, parent.name1],
      changed: true,
      moved: { sub_companies: subtree.length - 1, users: people },
    })
    const after = await treeRows(api)
    for (const row of subtree) {
      const now = after.find((candidate) => candidate.id === row.id)!
      expect(now.path).toBe(`${parent.path}${row.path.slice(before.path.length - `${moved}/`.length)}`)
      expect(now.depth).toBe(row.depth + 1)
    }
    expect((await rowOf(api, moved)).parentId).toBe(target)
    await expectConsistentTree(api)
    const info = (await api.call(companyInfoEndpoint, { id: moved }, { token: dealerToken })).data
    expect(info.parent).toEqual([target, parent.name1])
    expect(info.breadcrumbs.map(([id]) => id)).toEqual([DEMO_COMPANY_IDS.dealer, target, moved])
    const [entry] = await auditEntries(api, 'set_parent')
    expect(entry).toMatchObject({ actorUserId: DEMO_ACCOUNTS.dealer.userId, actingAsUserId: null, entity: 'company', entityId: String(moved) })
    expect(entry?.details).toMatchObject({ from: DEMO_COMPANY_IDS.dealer, to: target, old_path: before.path, new_path: `${parent.path}${moved}/` })
    // The carpenter, whose company moved, still reaches it (the cached caller was dropped).
    const carpenterToken = await api.loginAs(DEMO_ACCOUNTS.carpenter.username)
    expect((await api.call(companyInfoEndpoint, { id: moved }, { token: carpenterToken })).httpStatus).toBe(200)
  })

  it('takes the field as a form (urlencoded and multipart), as the legacy front end sends it', async () => {
    const back = await form(moved, `parent=${DEMO_COMPANY_IDS.dealer}`)
    expect(back.httpStatus).toBe(200)
    expect((await rowOf(api, moved)).parentId).toBe(DEMO_COMPANY_IDS.dealer)
    const data = new FormData()
    data.set('parent', String(target))
    const multipart = await api.upload(setParentEndpoint, { id: moved }, { form: data }, { token: dealerToken })
    expect(multipart.httpStatus).toBe(200)
    expect((await rowOf(api, moved)).parentId).toBe(target)
    expect((await form(moved, `parent=${DEMO_COMPANY_IDS.dealer}`)).httpStatus).toBe(200)
    await expectConsistentTree(api)
  })

  it('answers changed: false and writes nothing when the parent is already the parent', async () => {
    const entries = (await auditEntries(api, 'set_parent')).length
    const result = await move(moved, { parent: DEMO_COMPANY_IDS.dealer })
    expect(result.httpStatus).toBe(200)
    expect(result.data.changed).toBe(false)
    expect(await auditEntries(api, 'set_parent')).toHaveLength(entries)
  })

  describe('refuses and changes nothing', () => {
    let before: Awaited<ReturnType<typeof treeRows>>
    let entries: number
    beforeAll(async () => {
      before = await treeRows(api)
      entries = (await auditEntries(api, 'set_parent')).length
    })
    const unchanged = async () => {
      expect(await treeRows(api)).toEqual(before)
      expect(await auditEntries(api, 'set_parent')).toHaveLength(entries)
    }

    it('a move under itself (409)', async () => {
      expect(await move(moved, { parent: moved })).toMatchObject({ httpStatus: 409, messages: ['A company cannot be moved under itself.'] })
      await unchanged()
    })

    it('a move under its own sub-company and under a grandchild (409)', async () => {
      const name = (await rowOf(api, moved)).name1
      const [child] = await childrenOf(api, DEMO_COMPANY_IDS.dealer).then(async (ids) => {
        for (const id of ids) if ((await childrenOf(api, id)).length > 0 && id !== moved) return [id]
        return []
      })
      const [grandchild] = await childrenOf(api, child!)
      const result = await move(moved, { parent: (await childrenOf(api, moved))[0] })
      expect(result.httpStatus).toBe(409)
      expect(result.messages[0]).toContain(`“${name}” cannot be moved under one of its own sub-companies`)
      expect((await move(child!, { parent: grandchild })).httpStatus).toBe(409)
      await unchanged()
    })

    it('a parent out of scope or unknown (403 before lookup; 404 only for staff)', async () => {
      expect(await move(moved, { parent: sibling.id })).toMatchObject({ httpStatus: 403, messages: ['You are not allowed to access this company.'] })
      expect(await move(moved, { parent: DEMO_COMPANY_IDS.supplier })).toMatchObject({ httpStatus: 403 })
      expect(await move(moved, { parent: 2_000_000 })).toMatchObject({ httpStatus: 403, messages: ['You are not allowed to access this company.'] })
      expect(await move(moved, { parent: 2_000_000 }, staffToken)).toMatchObject({ httpStatus: 404, messages: ['This company does not exist.'] })
      await unchanged()
    })

    it('the caller’s own company', async () => {
      const own = await move(DEMO_COMPANY_IDS.dealer, { parent: DEMO_COMPANY_IDS.carpenter })
      expect(own).toMatchObject({ httpStatus: 403, messages: ['You cannot move your own company: its parent lies outside your scope.'] })
      expect((await move(DEMO_COMPANY_IDS.supplier, { parent: DEMO_COMPANY_IDS.dealer }, staffToken)).httpStatus).toBe(403)
      await unchanged()
    })

    it.each([
      ['no parent', {}, 'Parent company is a required field.'],
      ['a parent that is no number', { parent: 'abc' }, 'Parent company is not correct.'],
      ['a negative parent', { parent: -4 }, 'Parent company must be greater than 0.'],
      ['a huge parent', { parent: 99_999_999_999 }, 'Parent company must be at most 2147483647.'],
      ['a NUL byte', { parent: '4\u0000' }, '“parent” contains a NUL character (a zero byte), which is not allowed.'],
    ])('%s (400)', async (_, body, message) => {
      const result = await api.call(setParentEndpoint, unchecked({ ...body, id: moved }), { token: dealerToken })
      expect(result.httpStatus).toBe(400)
      expect(result.messages).toContain(message)
      await unchanged()
    })

    it('a form field given twice, a form with a file, malformed JSON, a wrong content type', async () => {
      expect((await form(moved, `parent=${target}&parent=${target}`)).httpStatus).toBe(400)
      expect(await form(moved, 'parent=4%00')).toMatchObject({
        httpStatus: 400,
        messages: ['“parent” contains a NUL character (a zero byte), which is not allowed.'],
      })
      expect(await form(moved, '')).toMatchObject({ httpStatus: 400, messages: ['Parent company is a required field.'] })
      const data = new FormData()
      data.set('parent', new Blob([String(target)]), 'parent.txt')
      expect((await api.upload(setParentEndpoint, { id: moved }, { form: data }, { token: dealerToken })).httpStatus).toBe(400)
      expect((await form(moved, '{"parent":', 'application/json')).httpStatus).toBe(400)
      const plain = await form(moved, `parent=${target}`, 'text/plain')
      expect(plain.httpStatus).toBe(415)
      expect(plain.messages[0]).toMatch(/JSON or as a form/)
      await unchanged()
    })

    it('other roles (403), a sibling dealer’s company (403), a bad id (400), no token (401)', async () => {
      for (const role of ['carpenter', 'industry', 'translator', 'guest'] as const) {
        const token = await api.loginAs(DEMO_ACCOUNTS[role].username)
        expect(await move(DEMO_COMPANY_IDS.carpenter, { parent: target }, token)).toMatchObject({
          httpStatus: 403,
          messages: ['You are not allowed to do this.'],
        })
      }
      expect(await move(sibling.childId, { parent: target })).toMatchObject({ httpStatus: 403, messages: ['You are not allowed to access this company.'] })
      expect(await move('abc', { parent: target })).toMatchObject({ httpStatus: 400, messages: ['ID is not correct.'] })
      expect((await move(moved, { parent: target }, '')).httpStatus).toBe(401)
      await unchanged()
    })
  })

  it('records the real person while switched', async () => {
    const { token } = await api.switchTo(DEMO_ACCOUNTS.dealer, { by: staffToken })
    expect((await move(moved, { parent: target }, token)).httpStatus).toBe(200)
    const [entry] = await auditEntries(api, 'set_parent')
    expect(entry).toMatchObject({ actorUserId: DEMO_ACCOUNTS.staff.userId, actingAsUserId: DEMO_ACCOUNTS.dealer.userId, entityId: String(moved) })
    expect((await move(moved, { parent: DEMO_COMPANY_IDS.dealer }, token)).httpStatus).toBe(200)
  })

  it('never makes a cycle from two moves at once (A under B and B under A)', async () => {
    const [a, b] = (await childrenOf(api, DEMO_COMPANY_IDS.dealer)).filter((id) => id !== moved)
    const results = await Promise.all([move(a!, { parent: b }), move(b!, { parent: a })])
    expect(results.map((result) => result.httpStatus).sort()).toEqual([200, 409])
    await expectConsistentTree(api)
    // Put it back for the tests after this one.
    const [rowA, rowB] = [await rowOf(api, a!), await rowOf(api, b!)]
    const under = rowA.parentId === b ? a! : b!
    expect(rowA.parentId === b || rowB.parentId === a).toBe(true)
    expect((await move(under, { parent: DEMO_COMPANY_IDS.dealer })).httpStatus).toBe(200)
    await expectConsistentTree(api)
  })

  it('keeps every path right when a company moves into a subtree that is moved at the same time', async () => {
    const candidates = (await childrenOf(api, DEMO_COMPANY_IDS.dealer)).filter((id) => id !== moved)
    let a = 0
    for (const id of candidates) if ((await childrenOf(api, id)).length > 0) a = id
    const [aChild] = await childrenOf(api, a)
    const [b, c] = candidates.filter((id) => id !== a)
    const results = await Promise.all([move(c!, { parent: aChild }), move(a, { parent: b })])
    expect(results.map((result) => result.httpStatus)).toEqual([200, 200])
    await expectConsistentTree(api)
    expect((await rowOf(api, c!)).path.startsWith((await rowOf(api, b!)).path)).toBe(true)
    expect((await move(a, { parent: DEMO_COMPANY_IDS.dealer })).httpStatus).toBe(200)
    expect((await move(c!, { parent: DEMO_COMPANY_IDS.dealer })).httpStatus).toBe(200)
    await expectConsistentTree(api)
  })
})
