import { z } from 'zod'
import { openApiDocument } from '../../src/server/http-api/openapi.server'

// What /vue/openapi.json says an answer looks like, read back into a validator by zod's own
// JSON Schema reader: independent of the contract's schemas the document was made from, so an
// answer that passes fits the document a client generated its types from.
const content = z.object({ 'application/json': z.object({ schema: z.record(z.string(), z.unknown()) }) })
const documentShape = z.object({
  paths: z.record(z.string(), z.record(z.string(), z.object({ responses: z.record(z.string(), z.object({ content })) }))),
  components: z.object({ schemas: z.record(z.string(), z.unknown()) }),
})
const jsonSchema = z.custom<z.core.JSONSchema.JSONSchema>((value) => typeof value === 'object' && value !== null, 'not a JSON Schema')

/** The documented answer of an operation for an HTTP status. */
export function answerSchema(path: string, method: 'get' | 'post' | 'delete', status: number): z.ZodType {
  const document = documentShape.parse(openApiDocument())
  const schema = document.paths[path]?.[method]?.responses[String(status)]?.content['application/json'].schema
  if (!schema) throw new Error(`${method.toUpperCase()} ${path} documents no answer with ${status}`)
  // The components become the schema's own $defs, where the reader resolves refs.
  return z.fromJSONSchema(jsonSchema.parse(toDefs({ ...schema, $defs: document.components.schemas })))
}

function toDefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toDefs)
  if (typeof node !== 'object' || node === null) return node
  return Object.fromEntries(
    Object.entries(node).map(([key, child]) => [
      key,
      key === '$ref' && typeof child === 'string' ? child.replace('#/components/schemas/', '#/$defs/') : toDefs(child),
    ]),
  )
}
