import { isDeepStrictEqual } from 'node:util'
import { z } from 'zod'

// JSON Schemas for /vue/openapi.json made by zod. zod puts the schemas the contract names
// (`.meta({ id })`: DeliveryAddress, SessionUser, CatalogNode …) in the schema's own $defs with
// refs "#/$defs/…", which resolve nowhere inside an OpenAPI document; they move to
// components.schemas here, refs rewritten, so every operation refers to one definition and a
// generated client makes one type of it.
type JsonObject = Record<string, unknown>

const COMPONENT_REF = '#/components/schemas/'

export class SchemaComponents {
  readonly schemas: Record<string, JsonObject> = {}

  /** A schema named in components.schemas, referenced by $ref. */
  named(name: string, source: z.ZodType, io: 'input' | 'output'): JsonObject {
    this.place(name, this.inline(source, io))
    return { $ref: `${COMPONENT_REF}${name}` }
  }

  /** A schema to write in place; the named schemas in it go to components.schemas. */
  inline(source: z.ZodType, io: 'input' | 'output'): JsonObject {
    const generated: JsonObject = z.toJSONSchema(source, { io, unrepresentable: 'any' })
    const { $schema: _dialect, $defs: defs, ...schema } = generated
    for (const [name, definition] of Object.entries(isObject(defs) ? defs : {})) {
      if (isObject(definition)) this.place(name, rewriteRefs(definition))
    }
    return rewriteRefs(schema)
  }

  // One name, one definition: a name zod made up (a recursive schema without an id), or an id
  // used for two schemas or on both the input and the output side, would make two types of one.
  private place(name: string, schema: JsonObject): void {
    if (name.startsWith('__')) throw new Error(`OpenAPI component ${name}: give the recursive schema an id (.meta({ id }))`)
    const existing = this.schemas[name]
    if (existing && !isDeepStrictEqual(existing, schema)) throw new Error(`OpenAPI component ${name} defined twice, differently`)
    this.schemas[name] = schema
  }
}

function rewriteRefs(value: JsonObject): JsonObject {
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite)
    if (!isObject(node)) return node
    return Object.fromEntries(
      Object.entries(node).map(([key, child]) => {
        if (key === '$ref' && typeof child === 'string' && child.startsWith('#/$defs/')) {
          return [key, `${COMPONENT_REF}${child.slice('#/$defs/'.length)}`]
        }
        return [key, rewrite(child)]
      }),
    )
  }
  const result = rewrite(value)
  return isObject(result) ? result : {}
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
