import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { NO_BODY, NO_PARAMS, defineEndpoint, failureStatusesOf, type AnyEndpoint } from '../../src/contract/endpoint'
import { APPROVAL_NUMBER_PATTERN } from '../../src/domain/approval-number'
import { BASKET_NUMBER_PATTERN } from '../../src/domain/basket-number'
import { COUNTRY_CODES } from '../../src/domain/countries'
import { allImplementations } from '../../src/server/endpoint/registry.server'
import { conflict } from '../../src/server/endpoint/errors.server'
import { implement, type BaseContext } from '../../src/server/endpoint/implement.server'
import { openApiDocument } from '../../src/server/vue/openapi.server'
import { startApi, type TestApi } from '../helpers/api'

// /vue/openapi.json, checked by hand until a real validator is installed (openapi-validators
// test): every $ref resolves from the document's root, every failure code an operation can
// answer is there with the envelope, and public operations need no token.
const doc = openApiDocument()
const endpoints = allImplementations.map((implementation) => implementation.endpoint)

const operationShape = z.object({
  operationId: z.string(),
  summary: z.string().min(1),
  tags: z.array(z.string()).length(1),
  parameters: z.array(z.object({ name: z.string(), in: z.enum(['path', 'query']), required: z.boolean(), schema: z.record(z.string(), z.unknown()) })),
  requestBody: z.object({ required: z.literal(true), content: z.record(z.string(), z.object({ schema: z.record(z.string(), z.unknown()) })) }).optional(),
  responses: z.record(
    z.string().regex(/^[1-5]\d\d$/),
    z.object({ description: z.string().min(1), content: z.object({ 'application/json': z.object({ schema: z.record(z.string(), z.unknown()) }) }) }),
  ),
  security: z.array(z.record(z.string(), z.array(z.string()))),
})
const documentShape = z.object({
  openapi: z.literal('3.1.0'),
  info: z.object({ title: z.string(), version: z.string() }),
  servers: z.array(z.object({ url: z.string() })).min(1),
  security: z.array(z.record(z.string(), z.array(z.string()))),
  tags: z.array(z.object({ name: z.string() })),
  paths: z.record(z.string().regex(/^\/vue\//), z.partialRecord(z.enum(['get', 'post', 'put', 'delete']), operationShape)),
  components: z.object({
    securitySchemes: z.object({
      jwt: z.object({ type: z.literal('http'), scheme: z.literal('bearer'), bearerFormat: z.literal('JWT'), description: z.string() }),
    }),
    schemas: z.record(z.string().regex(/^[a-zA-Z0-9._-]+$/), z.record(z.string(), z.unknown())),
  }),
})
const parsed = documentShape.parse(doc)

/** Every value of `key` anywhere in the document, with where it is. */
function collect(node: unknown, key: string, at = '#'): Array<{ at: string; value: unknown }> {
  if (Array.isArray(node)) return node.flatMap((child, index) => collect(child, key, `${at}/${index}`))
  if (typeof node !== 'object' || node === null) return []
  return Object.entries(node).flatMap(([name, child]) => [...(name === key ? [{ at, value: child }] : []), ...collect(child, key, `${at}/${name}`)])
}

function resolve(pointer: string): unknown {
  if (!pointer.startsWith('#/')) return undefined
  let current: unknown = doc
  for (const raw of pointer.slice(2).split('/')) {
    const part = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~')
    if (typeof current !== 'object' || current === null || !(part in current)) return undefined
    current = Reflect.get(current, part)
  }
  return current
}

const operations = () =>
  Object.entries(parsed.paths).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([method, operation]) => (operation ? [{ path, method, operation }] : [])),
  )

function operationOf(endpoint: AnyEndpoint) {
  const found = operations().find(({ path, method }) => path === endpoint.path && method === endpoint.method.toLowerCase())
  if (!found) throw new Error(`${endpoint.id} is not in the document`)
  return found.operation
}

describe('/vue/openapi.json', () => {
  it('has only $refs that resolve from the document root, and no JSON Schema leftovers ($defs, $schema)', () => {
    const refs = collect(doc, '$ref')
    expect(refs.length).toBeGreaterThan(0)
    for (const ref of refs) {
      expect(typeof ref.value, ref.at).toBe('string')
      expect(resolve(String(ref.value)), `${ref.at}: ${String(ref.value)}`).toBeDefined()
    }
    expect(collect(doc, '$defs')).toEqual([])
    expect(collect(doc, '$schema')).toEqual([])
    // The recursive trees are named components that refer to themselves.
    expect(Object.keys(parsed.components.schemas)).toEqual(expect.arrayContaining(['Failure', 'TranslationFailure', 'CatalogNode', 'ArticleUnit']))
    expect(JSON.stringify(parsed.components.schemas.CatalogNode)).toContain('"#/components/schemas/CatalogNode"')
  })

  it('has unique operation ids and declares every path parameter', () => {
    const ids = operations().map(({ operation }) => operation.operationId)
    expect(new Set(ids).size).toBe(ids.length)
    for (const { path, operation } of operations()) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()
      const declared = operation.parameters.filter((parameter) => parameter.in === 'path')
      expect(declared.map((parameter) => parameter.name).sort(), path).toEqual(inPath)
      expect(declared.every((parameter) => parameter.required)).toBe(true)
    }
    const tags = new Set(parsed.tags.map((tag) => tag.name))
    expect(operations().every(({ operation }) => tags.has(operation.tags[0]!))).toBe(true)
  })

  it('lists every failure code an operation can answer, each with the envelope (and error on translation calls)', () => {
    for (const endpoint of endpoints) {
      const operation = operationOf(endpoint)
      const codes = Object.keys(operation.responses).sort()
      expect(codes, endpoint.id).toEqual(['200', ...failureStatusesOf(endpoint).map(String), '500', '503'].sort())
      for (const code of codes.filter((status) => status !== '200')) {
        const schema = operation.responses[code]!.content['application/json'].schema
        const failure = schema.$ref ? resolve(String(schema.$ref)) : schema
        const shape = z
          .object({
            properties: z.object({ status: z.object({ const: z.literal(false) }), messages: z.object({ type: z.literal('array') }) }),
            required: z.array(z.string()),
          })
          .parse(failure)
        expect(shape.required, `${endpoint.id} ${code}`).toEqual(
          endpoint.path.startsWith('/vue/i18n/') ? ['status', 'messages', 'error'] : ['status', 'messages'],
        )
      }
      const success = operation.responses['200']!.content['application/json'].schema
      expect(z.object({ properties: z.object({ status: z.object({ const: z.literal(true) }) }) }).safeParse(success).success, endpoint.id).toBe(true)
    }
    // Documented failure data: the save's conflicts, the upload's problems, a page past the end.
    const dataOf = (path: string, method: 'get' | 'post', code: string) =>
      JSON.stringify(parsed.paths[path]![method]!.responses[code]!.content['application/json'].schema)
    expect(dataOf('/vue/i18n/save/', 'post', '409')).toContain('"data":{"$ref":"#/components/schemas/SaveResult"}')
    expect(JSON.stringify(parsed.components.schemas.SaveResult)).toContain('"conflicts"')
    expect(dataOf('/vue/price/upload/', 'post', '400')).toContain('"bad_rows"')
    expect(dataOf('/vue/price/logs/', 'get', '404')).toContain('"data":{"$ref":"#/components/schemas/PagePastEnd"}')
    expect(resolve('#/paths/~1vue~1login~1/post/responses/429/headers/Retry-After/schema')).toEqual({ type: 'integer' })
  })

  it('says which operations need no token (security: []) and which take one when given', () => {
    for (const endpoint of endpoints) {
      const { security } = operationOf(endpoint)
      const expected = endpoint.access.kind === 'public' ? [] : endpoint.access.kind === 'optional' ? [{}, { jwt: [] }] : [{ jwt: [] }]
      expect(security, endpoint.id).toEqual(expected)
    }
    expect(parsed.paths['/vue/login/']!.post!.security).toEqual([])
  })

  it('names every object that more than one operation shares, so a generated client makes one type of it', () => {
    // Where each object schema with two or more properties appears, outside the components.
    const seen = new Map<string, Set<string>>()
    const visit = (node: unknown, operation: string, top: boolean): void => {
      if (Array.isArray(node)) return node.forEach((child) => visit(child, operation, false))
      if (typeof node !== 'object' || node === null) return
      const object = z.object({ type: z.literal('object'), properties: z.record(z.string(), z.unknown()) }).safeParse(node)
      // The envelopes ({status, messages, data}) are each operation's own.
      const envelope = object.success && 'status' in object.data.properties && 'messages' in object.data.properties
      if (object.success && !top && !envelope && Object.keys(object.data.properties).length >= 2) {
        const key = JSON.stringify(node)
        seen.set(key, (seen.get(key) ?? new Set()).add(operation))
      }
      Object.values(node).forEach((child) => visit(child, operation, false))
    }
    for (const { path, method, operation } of operations()) visit(operation, `${method} ${path}`, true)
    const repeated = [...seen].filter(([, where]) => where.size > 1).map(([key, where]) => `${key.slice(0, 80)} in ${[...where].join(', ')}`)
    expect(repeated).toEqual([])
    // Names the contract gives (.meta({ id })), never one zod made up (__schema0).
    const names = Object.keys(parsed.components.schemas)
    expect(names).toEqual(expect.arrayContaining(['DeliveryAddress', 'Contact', 'SessionUser', 'BasketStatus', 'CompanyNode', 'ParentNode', 'PagePastEnd']))
    expect(names.filter((name) => name.startsWith('_'))).toEqual([])
    const list = parsed.paths['/vue/company/{id}/delivery-addresses/']!.get!.responses['200']!.content['application/json'].schema
    expect(JSON.stringify(list)).toContain('"items":{"$ref":"#/components/schemas/DeliveryAddress"}')
  })

  it('says which token scheme generated clients use: Authorization: Bearer, with JWT taken too', () => {
    expect(parsed.components.securitySchemes.jwt.description).toMatch(/Bearer <token>.*JWT <token>/)
  })

  it('names in each 415 the content types the operation reads', () => {
    const unsupported = (path: string, method: 'post' | 'delete' = 'post') => parsed.paths[path]![method]!.responses['415']!.description
    expect(unsupported('/vue/price/upload/')).toBe('The body is not multipart/form-data, the only content type this call reads')
    expect(unsupported('/vue/company/{cid}/address/new/')).toBe(
      'The body is not JSON (application/json), application/x-www-form-urlencoded or multipart/form-data',
    )
    expect(unsupported('/vue/login/')).toBe('The body is not JSON (application/json, or another application/…+json type)')
    expect(unsupported('/vue/basket/{number}/reset/')).toMatch(/^A body that is not JSON: this call reads none/)
    // Every operation that answers 415 says which types, and its request body lists the same.
    for (const { path, operation } of operations()) {
      const refusal = operation.responses['415']
      if (!refusal) continue
      for (const type of Object.keys(operation.requestBody?.content ?? {})) expect(refusal.description, path).toContain(type)
    }
  })

  it('documents the JSON inside the company edit’s document field with the schema it is parsed with', () => {
    const form = z
      .object({
        properties: z.object({
          document: z.object({
            type: z.literal('string'),
            contentMediaType: z.literal('application/json'),
            contentSchema: z.object({ required: z.array(z.string()) }),
          }),
        }),
      })
      .parse(parsed.paths['/vue/company/{id}/edit/']!.post!.requestBody!.content['multipart/form-data']!.schema)
    expect(form.properties.document.contentSchema.required).toEqual(['name1', 'address1', 'zip', 'city', 'country'])
  })

  it('carries the rules the server checks: search term, e-mail, password, country, basket and approval number (issue 27)', () => {
    const rule = z.object({
      type: z.string().optional(),
      minLength: z.number().optional(),
      maxLength: z.number().optional(),
      pattern: z.string().optional(),
      format: z.string().optional(),
      enum: z.array(z.string()).optional(),
    })
    const field = (path: string, name: string, method: 'post' | 'get' = 'post') => {
      const operation = parsed.paths[path]![method]!
      const parameter = operation.parameters.find((candidate) => candidate.name === name)
      if (parameter) return { ...rule.parse(parameter.schema), required: parameter.required }
      const body = z
        .object({ properties: z.record(z.string(), z.unknown()), required: z.array(z.string()).default([]) })
        .parse(operation.requestBody!.content['application/json']!.schema)
      return { ...rule.parse(body.properties[name]), required: body.required.includes(name) }
    }
    expect(field('/vue/company/{id}/search2/', 'search', 'get')).toMatchObject({ required: true, minLength: 3, maxLength: 100 })
    for (const [path, name] of [
      ['/vue/company/{id}/create/contact/', 'email'],
      ['/vue/contact/{id}/edit/', 'email'],
      ['/vue/password/reset/', 'email'],
      ['/vue/password/change-link/', 'email'],
      ['/vue/register/contact/', 'email'],
      ['/vue/switch-user/', 'email'],
    ])
      expect(field(path!, name!), path).toMatchObject({ format: 'email', required: true })
    expect(field('/vue/switch-user/', 'email').minLength).toBe(8)
    // Optional addresses: '' or an e-mail address.
    for (const path of [
      '/vue/company/{cid}/address/new/',
      '/vue/company/{cid}/address/{id}/edit/',
      '/vue/company/{cid}/create/sub-company/',
      '/vue/register/company/',
    ]) {
      const pattern = new RegExp(field(path, 'email').pattern ?? '')
      expect([pattern.test(''), pattern.test('lager@maurer.example'), pattern.test('kein-at')], path).toEqual([true, true, false])
    }
    for (const [path, name] of [
      ['/vue/register/contact/', 'password1'],
      ['/vue/password/change/', 'password'],
      ['/vue/login/', 'password'],
    ])
      expect(field(path!, name!), path).toMatchObject({ minLength: 8, required: true })
    expect(field('/vue/password/change/', 'password2').required).toBe(true)
    for (const path of ['/vue/company/{cid}/address/new/', '/vue/company/{cid}/create/sub-company/', '/vue/register/company/'])
      expect(field(path, 'country'), path).toMatchObject({ enum: [...COUNTRY_CODES], required: true })
    for (const [path, name] of [
      ['/vue/basket/{basket}/status/', 'basket'],
      ['/vue/basket/{basket}/approve/', 'basket'],
      ['/vue/basket/{number}/reset/', 'number'],
      ['/vue/basket/{basket}/history/', 'basket'],
    ]) {
      const method = path!.endsWith('status/') || path!.endsWith('history/') ? 'get' : 'post'
      expect(field(path!, name!, method).pattern, path).toBe(BASKET_NUMBER_PATTERN.source)
    }
    expect(field('/vue/basket/{basket}/approve/', 'approvalNumber')).toMatchObject({ pattern: APPROVAL_NUMBER_PATTERN.source, required: true })
  })

  it('describes the price upload form: the file and the optional dry_run field', () => {
    const body = parsed.paths['/vue/price/upload/']!.post!.requestBody!.content['multipart/form-data']!.schema
    expect(body).toEqual({
      type: 'object',
      properties: { prices: { type: 'string', format: 'binary' }, dry_run: { type: 'string', enum: ['0', '1'] } },
      required: ['prices'],
    })
  })
})

describe('the failure codes an endpoint lists', () => {
  let api: TestApi
  beforeAll(async () => {
    api = await startApi({ seed: false })
  })
  afterAll(() => api.close())

  it('are derived from its access and input, plus its own', () => {
    const save = endpoints.find((endpoint) => endpoint.id === 'translation.save')!
    expect(failureStatusesOf(save)).toEqual([400, 401, 403, 404, 409, 413, 415])
    // Even a call without fields refuses a NUL byte in its query.
    const maintenance = endpoints.find((endpoint) => endpoint.id === 'session.maintenance')!
    expect(failureStatusesOf(maintenance)).toEqual([400])
  })

  it('are checked outside production: a handler answering a code its definition lacks is logged as an error', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const endpoint = defineEndpoint({
      id: 'test.undocumented',
      area: 'test',
      method: 'GET',
      path: '/vue/test/',
      summary: 'x',
      access: { kind: 'public' },
      params: NO_PARAMS,
      query: z.object({}),
      body: NO_BODY,
      data: z.object({}),
    })
    const undocumented = implement(endpoint, () => Promise.reject(conflict(() => 'taken')))
    const context: BaseContext = { db: api.database.db, locale: 'en', clientAddress: '127.0.0.1', host: 'localhost', origin: 'http://localhost', nowMs: 0 }
    await expect(undocumented.run({ params: {}, query: {}, body: undefined }, context, null)).rejects.toMatchObject({ httpStatus: 409 })
    expect(errors).toHaveBeenCalledWith('[vue] test.undocumented answered 409, which its definition does not list (add it to failures)')
    errors.mockClear()
    const documented = implement({ ...endpoint, failures: [409] }, () => Promise.reject(conflict(() => 'taken')))
    await expect(documented.run({ params: {}, query: {}, body: undefined }, context, null)).rejects.toMatchObject({ httpStatus: 409 })
    expect(errors).not.toHaveBeenCalled()
  })
})
