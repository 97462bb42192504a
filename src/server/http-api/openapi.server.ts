import { z } from 'zod'
import { appConfig } from '../../../app.config'
import { ERROR_FIELD_PREFIX, failureSchema, successSchema } from '../../contract/envelope'
import { NO_BODY, failureDataOf, failureStatusesOf, type AnyEndpoint, type FailureStatus } from '../../contract/endpoint'
import { allImplementations } from '../endpoint/registry.server'
import { SchemaComponents } from './openapi-schemas.server'

// OpenAPI 3.1 generated from the same zod schemas that validate the calls: every answer in
// its envelope, every failure code an operation can answer (failureStatusesOf), and who may
// call it. tests/vue/openapi*.test.ts check that it resolves and validates.
type JsonObject = Record<string, unknown>

let cached: JsonObject | undefined

export function openApiDocument(): JsonObject {
  cached ??= build(allImplementations.map((implementation) => implementation.endpoint))
  return cached
}

const FAILURE_TEXT: Record<FailureStatus | 500 | 503, string> = {
  400: 'Bad input: every problem named, per field',
  401: 'No, invalid or expired token, or a switch to another user past SWITCH_USER_MINUTES (data.switch_ended; decision 055) (or, at login, wrong credentials)',
  403: 'Not permitted',
  404: 'Not found (for paged lists also a page past the last: data names the last page)',
  409: 'Conflict with the current state',
  413: 'Body too large',
  415: 'Not a content type this call reads',
  429: 'Too many attempts; Retry-After says when to try again',
  500: 'Unexpected failure, logged on the server',
  503: 'The portal is starting, stopping, or has as many requests in progress as it takes (MAX_IN_FLIGHT), or its database is unreachable, restarting or busy past its bounds (a lock or statement timeout); Retry-After says when to try again',
}

// Answers that carry Retry-After (seconds).
const RETRY_AFTER = new Set<number>([429, 503])

function build(endpoints: ReadonlyArray<AnyEndpoint>): JsonObject {
  const components = new SchemaComponents()
  const failures = {
    plain: components.named('Failure', failureSchema(z.unknown(), { translation: false }), 'output'),
    translation: components.named('TranslationFailure', failureSchema(z.unknown(), { translation: true }), 'output'),
  }
  const paths: Record<string, Record<string, JsonObject>> = {}
  for (const endpoint of endpoints) {
    const operations = (paths[endpoint.path] ??= {})
    operations[endpoint.method.toLowerCase()] = operation(endpoint, components, failures)
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Portal /vue/ API',
      version: appConfig.version,
      description:
        'Every answer is the envelope {status, messages, data}. Failures answer status:false with readable messages in the caller’s language; calls under /vue/i18n/ also carry them joined in `error`. An unknown path answers 404 and a method a path does not have 405 (with Allow), both in the envelope. Text input is trimmed before it is held to its pattern, format and minimum length (passwords are taken as typed). A field an edit leaves out keeps its stored value.',
    },
    servers: [{ url: '/', description: 'This portal' }],
    security: [{ jwt: [] }],
    tags: [...new Set(endpoints.map((endpoint) => endpoint.area))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        // A generated client sends "Authorization: Bearer <token>" for an http bearer scheme; an
        // apiKey scheme named Authorization would have it send the bare token, which is refused.
        jwt: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'Authorization: Bearer <token>, the token POST /vue/login/ answers (data.jwt). The legacy clients’ Authorization: JWT <token> is taken as well.',
        },
      },
      schemas: components.schemas,
    },
  }
}

function operation(endpoint: AnyEndpoint, components: SchemaComponents, failures: { plain: JsonObject; translation: JsonObject }): JsonObject {
  const permission = endpoint.access.kind === 'permission' ? ` Requires ${endpoint.access.permission}.` : ''
  const translation = endpoint.path.startsWith(ERROR_FIELD_PREFIX)
  const responses: Record<string, JsonObject> = {
    '200': { description: 'Success', content: document(endpoint, json(components.inline(successSchema(endpoint.data), 'output'))) },
  }
  // Any call may meet a starting, stopping or busy server or database (503), or an unexpected failure (500).
  const statuses: Array<FailureStatus | 500 | 503> = [...failureStatusesOf(endpoint), 500, 503]
  for (const status of statuses) {
    const data = status === 500 || status === 503 ? undefined : failureDataOf(endpoint, status)
    const schema = data ? components.inline(failureSchema(data, { translation }), 'output') : translation ? failures.translation : failures.plain
    responses[String(status)] = {
      description: status === 415 ? unsupportedType(endpoint) : FAILURE_TEXT[status],
      content: document(endpoint, json(schema)),
      ...(RETRY_AFTER.has(status) ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } } : {}),
    }
  }
  return {
    operationId: endpoint.id,
    tags: [endpoint.area],
    summary: endpoint.summary,
    description: `${endpoint.summary}${permission}`,
    parameters: [...parameters(endpoint.params, 'path', components), ...parameters(endpoint.query, 'query', components)],
    ...requestBody(endpoint, components),
    responses,
    security: security(endpoint),
  }
}

/** Public calls need no token, optional ones take one when given. */
function security(endpoint: AnyEndpoint): JsonObject[] {
  if (endpoint.access.kind === 'public') return []
  if (endpoint.access.kind === 'optional') return [{}, { jwt: [] }]
  return [{ jwt: [] }]
}

/** A 415 names the content types the call reads (spec'd by how dispatch reads its body). */
function unsupportedType(endpoint: AnyEndpoint): string {
  if (endpoint.multipart) return 'The body is not multipart/form-data, the only content type this call reads'
  if (endpoint.form) return 'The body is not JSON (application/json), application/x-www-form-urlencoded or multipart/form-data'
  if (endpoint.body === NO_BODY) return 'A body that is not JSON: this call reads none (send no body; a JSON one is ignored)'
  return 'The body is not JSON (application/json, or another application/…+json type)'
}

function requestBody(endpoint: AnyEndpoint, components: SchemaComponents): JsonObject {
  if (endpoint.method === 'GET' || endpoint.method === 'DELETE') return {}
  const fields: Record<string, z.ZodType> = endpoint.body instanceof z.ZodObject ? endpoint.body.shape : {}
  if (endpoint.multipart) {
    // Files are custom schemas (spooled or in memory; optional or not); every other field is a
    // text field, and one that holds JSON says so with the schema its JSON is parsed with.
    const json: Record<string, z.ZodType> = endpoint.multipart.json ?? {}
    const properties = Object.fromEntries(
      Object.entries(fields).map(([name, field]) => {
        if ((field instanceof z.ZodOptional ? field.unwrap() : field) instanceof z.ZodCustom) return [name, { type: 'string', format: 'binary' }]
        const content = json[name]
        const text = components.inline(field, 'input')
        return [name, content ? { ...text, contentMediaType: 'application/json', contentSchema: components.inline(content, 'input') } : text]
      }),
    )
    const required = Object.entries(fields)
      .filter(([, field]) => !field.safeParse(undefined).success)
      .map(([name]) => name)
    return { requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties, required } } } } }
  }
  if (endpoint.body instanceof z.ZodObject || endpoint.body instanceof z.ZodArray) {
    const schema = components.inline(endpoint.body, 'input')
    // Form endpoints take the same fields as a form too (text fields).
    const forms = endpoint.form ? { 'application/x-www-form-urlencoded': { schema }, 'multipart/form-data': { schema } } : {}
    return { requestBody: { required: true, content: { ...json(schema), ...forms } } }
  }
  return {}
}

function parameters(source: z.ZodType, location: 'path' | 'query', components: SchemaComponents): JsonObject[] {
  if (!(source instanceof z.ZodObject)) return []
  const shape: Record<string, z.ZodType> = source.shape
  return Object.entries(shape).map(([name, field]) => ({
    name,
    in: location,
    required: location === 'path' || !field.safeParse(undefined).success,
    schema: components.inline(field, 'input'),
  }))
}

/** A document endpoint answers a browser (Accept: text/html) with a page, failures too (decision 029). */
function document(endpoint: AnyEndpoint, content: JsonObject): JsonObject {
  return endpoint.document ? { ...content, 'text/html': { schema: { type: 'string', description: 'The HTML page' } } } : content
}

function json(schema: JsonObject): JsonObject {
  return { 'application/json': { schema } }
}
