import { z } from 'zod'
import { resolver, type JsonSchema, type Resolve } from './json-schema-arbitrary'

// The operations of /vue/openapi.json as the fuzz suite needs them: parameters and body with
// their schemas, the content types the body may come in, and the statuses the document says the
// operation answers. Everything here is read off the document.
export type Parameter = { name: string; schema: JsonSchema; required: boolean }
export type Body = { contentTypes: string[]; schema: JsonSchema; multipart: boolean }
export type Operation = {
  id: string
  method: string
  path: string
  pathParams: Parameter[]
  query: Parameter[]
  body: Body | null
  statuses: Set<number>
  /** No token needed (the document's `security: []`). */
  open: boolean
}

const parameter = z.object({
  name: z.string(),
  in: z.enum(['path', 'query', 'header', 'cookie']),
  required: z.boolean().optional(),
  schema: z.record(z.string(), z.unknown()),
})
const operationShape = z.object({
  operationId: z.string().optional(),
  parameters: z.array(parameter).optional(),
  requestBody: z.object({ content: z.record(z.string(), z.object({ schema: z.record(z.string(), z.unknown()) })) }).optional(),
  responses: z.record(z.string(), z.unknown()),
  security: z.array(z.record(z.string(), z.unknown())).optional(),
})
const documentShape = z.object({ paths: z.record(z.string(), z.record(z.string(), z.unknown())) })

export function operationsOf(document: JsonSchema): { operations: Operation[]; resolve: Resolve } {
  const resolve = resolver(document)
  const operations: Operation[] = []
  for (const [path, methods] of Object.entries(documentShape.parse(document).paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const op = operationShape.parse(raw)
      const parameters = op.parameters ?? []
      const content = op.requestBody?.content ?? {}
      const contentTypes = Object.keys(content)
      const main = content['application/json'] ?? content['multipart/form-data'] ?? Object.values(content)[0]
      operations.push({
        id: op.operationId ?? `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema, required: true })),
        query: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema, required: p.required ?? false })),
        body: main ? { contentTypes, schema: resolve(main.schema), multipart: !content['application/json'] && 'multipart/form-data' in content } : null,
        statuses: new Set(Object.keys(op.responses).map(Number)),
        open: op.security !== undefined && op.security.length === 0,
      })
    }
  }
  return { operations, resolve }
}
