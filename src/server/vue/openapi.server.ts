import { z } from 'zod'
import { appConfig } from '../../../app.config'
import { envelopeSchema } from '../../contract/envelope'
import type { AnyEndpoint } from '../../contract/endpoint'
import { allImplementations } from './endpoints.server'

// OpenAPI 3.1 generated from the same zod schemas that validate the calls.
type JsonObject = Record<string, unknown>

let cached: JsonObject | undefined

export function openApiDocument(): JsonObject {
  cached ??= build(allImplementations.map((implementation) => implementation.endpoint))
  return cached
}

function build(endpoints: ReadonlyArray<AnyEndpoint>): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {}
  for (const endpoint of endpoints) {
    const operations = (paths[endpoint.path] ??= {})
    operations[endpoint.method.toLowerCase()] = operation(endpoint)
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Portal /vue/ API', version: appConfig.version },
    components: {
      securitySchemes: {
        jwt: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'JWT <token> or Bearer <token>' },
      },
    },
    paths,
  }
}

function operation(endpoint: AnyEndpoint): JsonObject {
  const needsToken = endpoint.access.kind === 'authenticated' || endpoint.access.kind === 'permission'
  const permission = endpoint.access.kind === 'permission' ? ` Requires ${endpoint.access.permission}.` : ''
  const result: JsonObject = {
    operationId: endpoint.id,
    tags: [endpoint.area],
    summary: endpoint.summary,
    description: `${endpoint.summary}${permission}`,
    parameters: [...parameters(endpoint.params, 'path'), ...parameters(endpoint.query, 'query')],
    responses: {
      '200': { description: 'Success', content: { 'application/json': { schema: schema(envelopeSchema(endpoint.data), 'output') } } },
      '400': { description: 'Bad input' },
      ...(needsToken ? { '401': { description: 'No or invalid token' }, '403': { description: 'Not permitted' } } : {}),
    },
    ...(needsToken ? { security: [{ jwt: [] }] } : {}),
  }
  if (endpoint.method !== 'GET' && endpoint.method !== 'DELETE' && endpoint.multipart) {
    const fields: Record<string, z.ZodType> = endpoint.body instanceof z.ZodObject ? endpoint.body.shape : {}
    const properties = Object.fromEntries(Object.keys(fields).map((name) => [name, { type: 'string', format: 'binary' }]))
    result.requestBody = {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', properties, required: Object.keys(fields) } } },
    }
  } else if (endpoint.method !== 'GET' && endpoint.method !== 'DELETE' && (endpoint.body instanceof z.ZodObject || endpoint.body instanceof z.ZodArray)) {
    result.requestBody = { required: true, content: { 'application/json': { schema: schema(endpoint.body, 'input') } } }
  }
  return result
}

function parameters(source: z.ZodType, location: 'path' | 'query'): JsonObject[] {
  if (!(source instanceof z.ZodObject)) return []
  const shape: Record<string, z.ZodType> = source.shape
  return Object.entries(shape).map(([name, field]) => ({
    name,
    in: location,
    required: location === 'path' || !field.safeParse(undefined).success,
    schema: schema(field, 'input'),
  }))
}

function schema(source: z.ZodType, io: 'input' | 'output'): JsonObject {
  return z.toJSONSchema(source, { io, unrepresentable: 'any' })
}
