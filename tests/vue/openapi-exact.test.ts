import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { APPROVAL_NUMBER_PATTERN } from '../../src/domain/approval-number'
import { BASKET_NUMBER_PATTERN } from '../../src/domain/basket-number'
import { COUNTRY_CODES } from '../../src/domain/countries'
import { operations, parsed } from '../helpers/openapi-document'

// /vue/openapi.json says what the server does (decision 019): one named type per shared object, the
// token scheme generated clients use, what each 415 refuses, the JSON inside a form field,
// defaults and required fields of creates and edits, and the rules the server checks.
describe('/vue/openapi.json says what the server does', () => {
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

  it('carries the rules the server checks: search term, e-mail, password, country, basket and approval number', () => {
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
})
