import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { NO_BODY, NO_PARAMS, defineEndpoint, failureStatusesOf, type AnyEndpoint } from '../../src/contract/endpoint'
import { allImplementations } from '../../src/server/endpoint/registry.server'
import { conflict } from '../../src/server/endpoint/errors.server'
import { implement, type BaseContext } from '../../src/server/endpoint/implement.server'
import { openApiDocument } from '../../src/server/http-api/openapi.server'
import { startApi, type TestApi } from '../helpers/api'
import { operations, parsed } from '../helpers/openapi-document'

// /vue/openapi.json, checked by hand until a real validator is installed (openapi-validators
// test): every $ref resolves from the document's root, every failure code an operation can
// answer is there with the envelope, and public operations need no token.
const doc = openApiDocument()
const endpoints = allImplementations.map((implementation) => implementation.endpoint)

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
