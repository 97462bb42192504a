import SwaggerParser from '@apidevtools/swagger-parser'
import openapiTS, { astToString } from 'openapi-typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/seed/demo-accounts'
import { handleVueRequest } from '../../src/server/http-api/dispatch.server'
import { openApiDocument } from '../../src/server/http-api/openapi.server'
import { startApi, type TestApi } from '../helpers/api'
import { compile, loadModule } from '../helpers/compile-client'
import { answerSchema } from '../helpers/document-schema'
import { TYPE_CHECKS, TYPED_CLIENT } from './openapi-client'

// /vue/openapi.json through real tools: swagger-parser validates it against the OpenAPI 3.1
// schema and resolves every $ref, openapi-typescript generates the types of a client from it,
// and clients typed by those types must compile; one of them then calls the portal's handler
// in-process, one call per area, and every answer must fit the document (decision 019).
type ParserDocument = Exclude<Parameters<typeof SwaggerParser.validate>[0], string>
const parserDocument = z.custom<ParserDocument>((value) => typeof value === 'object' && value !== null && 'openapi' in value && 'paths' in value)

// openapi-typescript's output for the document, made once for the file.
let types: Promise<string> | undefined
const generatedTypes = () => (types ??= openapiTS(Buffer.from(JSON.stringify(openApiDocument()))).then((nodes) => astToString(nodes)))

describe('/vue/openapi.json through real tools', () => {
  it('validates with swagger-parser (OpenAPI 3.1 schema, every $ref resolved)', async () => {
    await expect(SwaggerParser.validate(parserDocument.parse(structuredClone(openApiDocument())))).resolves.toBeTruthy()
  })

  it('generates typed clients with openapi-typescript that compile', async () => {
    const types = await generatedTypes()
    expect(types).toContain('"/vue/i18n/save/"')
    expect(compile({ 'api.ts': types, 'client.ts': TYPE_CHECKS, 'typed-client.ts': TYPED_CLIENT })).toEqual([])
  })
})

describe('the client check itself', () => {
  it('catches a client that does not fit the types', () => {
    const types =
      "export interface paths { '/vue/login/': { post: { requestBody: { content: { 'application/json': { username: string } } }; responses: {} } } }\nexport interface components { schemas: {} }"
    const client =
      "import type { paths } from './api'\nexport const body: paths['/vue/login/']['post']['requestBody']['content']['application/json'] = { username: 1 }"
    expect(compile({ 'api.ts': types, 'client.ts': client }).join('\n')).toContain("Type 'number' is not assignable to type 'string'")
    expect(compile({ 'api.ts': types, 'client.ts': client.replace('username: 1', "username: 'x'") })).toEqual([])
  })
})

describe('the typed client, calling the portal (one operation per area)', () => {
  const { staff, dealer, carpenter, translator } = DEMO_ACCOUNTS
  const sent = z.object({ status: z.number(), answer: z.unknown() })
  const operation = z.custom<(...input: unknown[]) => Promise<unknown>>((value) => typeof value === 'function', 'not an operation')
  const transport = (request: Request) => handleVueRequest(request, { clientAddress: '127.0.0.1' })
  let api: TestApi
  let client: Record<string, unknown>
  const tokens = new Map<string, string>()

  beforeAll(async () => {
    api = await startApi()
    // Compiled against the generated types by the test above; here it runs.
    client = loadModule(TYPED_CLIENT)
    for (const account of [staff, dealer, carpenter, translator]) {
      const token = z.string().parse(await operation.parse(client.tokenOf)({ transport }, account.username, DEMO_PASSWORD))
      tokens.set(account.username, token)
    }
  })
  afterAll(() => api.close())

  /** Calls the client's operation (as a user, in a language) and checks the answer against the document. */
  async function ask(name: string, [path, method]: [string, 'get' | 'post'], input: unknown[], caller: { as?: string; language?: 'de' | 'en' } = {}) {
    const connection = { transport, token: caller.as === undefined ? undefined : tokens.get(caller.as), language: caller.language ?? 'en' }
    const result = sent.parse(await operation.parse(client[name])(connection, ...input))
    return { status: result.status, answer: answerSchema(path, method, result.status).parse(result.answer) }
  }
  const envelope = <T extends z.ZodType>(data: T) => z.object({ status: z.literal(true), data })
  const refusal = z.object({ status: z.literal(false), messages: z.array(z.string()) })

  it('session: logs in; the token goes as "Bearer", the scheme the document names (a bare one is refused)', async () => {
    const result = await ask('login', ['/vue/login/', 'post'], [{ username: dealer.username, password: DEMO_PASSWORD }])
    expect(result.status).toBe(200)
    const { data } = envelope(z.object({ jwt: z.string(), user: z.object({ username: z.string() }) })).parse(result.answer)
    expect(data.user.username).toBe(dealer.username)
    const bare = await transport(new Request('http://portal.example/vue/shop-url/', { headers: { authorization: data.jwt } }))
    expect(bare.status).toBe(401)
  })

  it('registration: step 1 takes the user; a short password is refused in the caller’s language', async () => {
    const body = {
      email: 'neu.kunde@client.example',
      password1: 'Ein gutes Passwort 7',
      password2: 'Ein gutes Passwort 7',
      first_name: 'Neu',
      last_name: 'Kunde',
    }
    const result = await ask('registerContact', ['/vue/register/contact/', 'post'], [body])
    expect([result.status, envelope(z.object({ email: z.string() })).parse(result.answer).data.email]).toEqual([200, 'neu.kunde@client.example'])
    const short = await ask('registerContact', ['/vue/register/contact/', 'post'], [{ ...body, password1: 'kurz', password2: 'kurz' }], { language: 'de' })
    expect([short.status, refusal.parse(short.answer).messages]).toEqual([400, ['Das Passwort muss mindestens 8 Zeichen lang sein.']])
  })

  it('companies: company info; a search term under 3 characters is a 400 in German', async () => {
    const info = await ask('companyInfo', ['/vue/company/{id}/info/', 'get'], [{ id: dealer.companyId }], { as: dealer.username })
    expect([info.status, envelope(z.object({ id: z.number() })).parse(info.answer).data.id]).toEqual([200, dealer.companyId])
    const search = await ask('companySearch', ['/vue/company/{id}/search2/', 'get'], [{ id: dealer.companyId }, { search: 'ab' }], {
      as: dealer.username,
      language: 'de',
    })
    expect([search.status, refusal.parse(search.answer).messages]).toEqual([400, ['Bitte geben Sie für die Suche mindestens 3 Zeichen ein.']])
  })

  it('contacts: an edit naming only e-mail and first name keeps every other field', async () => {
    const contact = envelope(z.object({ email: z.string(), first_name: z.string() }).loose())
    const before = await ask('contactDetail', ['/vue/contact/{id}/detail/', 'get'], [{ id: carpenter.userId }], { as: dealer.username })
    const { data } = contact.parse(before.answer)
    const edited = await ask('contactEdit', ['/vue/contact/{id}/edit/', 'post'], [{ id: carpenter.userId }, { email: data.email, first_name: 'Karla' }], {
      as: dealer.username,
    })
    expect(edited.status).toBe(200)
    const after = contact.parse((await ask('contactDetail', ['/vue/contact/{id}/detail/', 'get'], [{ id: carpenter.userId }], { as: dealer.username })).answer)
    expect(after.data).toEqual({ ...data, first_name: 'Karla', name: expect.any(String) })
  })

  it('delivery: a new address (lower-case country taken), an edit of name and phone only keeps the rest; an unknown country is a 400 in German', async () => {
    const cid = carpenter.companyId
    const address = {
      name1: 'Lager Nord',
      address1: 'Hafenstraße 1',
      zip: '20457',
      city: 'Hamburg',
      country: 'de',
      phone: '+49 40 1',
      name2: 'Tor 3',
      mobile: '+49 170 2',
      email: 'nord@maurer.example',
    }
    const created = await ask('addressNew', ['/vue/company/{cid}/address/new/', 'post'], [{ cid }, address], { as: carpenter.username })
    const { data } = envelope(z.object({ address: z.object({ id: z.number(), country: z.string() }) })).parse(created.answer)
    expect(data.address.country).toBe('DE')
    const edited = await ask(
      'addressEdit',
      ['/vue/company/{cid}/address/{id}/edit/', 'post'],
      [
        { cid, id: data.address.id },
        { name1: 'Lager Nord 2', phone: '+49 40 2' },
      ],
      { as: carpenter.username },
    )
    const kept = envelope(z.object({ address: z.object({ name2: z.string(), mobile: z.string(), email: z.string() }), changed: z.array(z.string()) })).parse(
      edited.answer,
    )
    expect(kept.data).toEqual({ address: { name2: 'Tor 3', mobile: '+49 170 2', email: 'nord@maurer.example' }, changed: ['name1', 'phone'] })
    const list = await ask('deliveryAddresses', ['/vue/company/{id}/delivery-addresses/', 'get'], [{ id: cid }], { as: carpenter.username })
    expect(
      envelope(z.object({ addresses: z.array(z.object({ name1: z.string() })) }))
        .parse(list.answer)
        .data.addresses.map((row) => row.name1),
    ).toContain('Lager Nord 2')
    const unknown = await ask('addressNew', ['/vue/company/{cid}/address/new/', 'post'], [{ cid }, { ...address, country: 'XX' }], {
      as: carpenter.username,
      language: 'de',
    })
    expect([unknown.status, refusal.parse(unknown.answer).messages]).toEqual([400, ['Land: „XX“ ist kein bekannter Ländercode.']])
  })

  it('orders: the basket list and one basket’s status', async () => {
    const list = await ask('basketList', ['/vue/basket/list/', 'get'], [{ number_per_page: 5 }], { as: staff.username })
    const [first] = envelope(z.object({ orders: z.array(z.object({ basket_number: z.string() })) })).parse(list.answer).data.orders
    const status = await ask('basketStatus', ['/vue/basket/{basket}/status/', 'get'], [{ basket: first!.basket_number }], { as: staff.username })
    expect([status.status, envelope(z.object({ basket_number: z.string() })).parse(status.answer).data.basket_number]).toEqual([200, first!.basket_number])
  })

  it('prices: the first page of price logs', async () => {
    const logs = await ask('priceLogs', ['/vue/price/logs/', 'get'], [{ page: 1 }], { as: staff.username })
    expect(envelope(z.object({ entries: z.array(z.unknown()) })).parse(logs.answer).data.entries.length).toBeGreaterThan(0)
  })

  it('translation: the vartext entries with both dictionaries', async () => {
    const texts = await ask('vartextTexts', ['/vue/i18n/vartext/', 'get'], [{ src: 'master', dst: 'en' }], { as: translator.username })
    expect(envelope(z.object({ texts: z.array(z.unknown()) })).parse(texts.answer).data.texts.length).toBeGreaterThan(0)
  })
})
