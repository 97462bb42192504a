import { isDeepStrictEqual } from 'node:util'
import { z } from 'zod'

// JSON Schemas for /vue/openapi.json made by zod. zod puts shared and recursive definitions
// (CatalogNode, ArticleUnit) in the schema's own $defs with refs "#/$defs/…", which resolve
// nowhere inside an OpenAPI document; they move to components.schemas here, refs rewritten.
type JsonObject = Record<string, unknown>

const COMPONENT_REF = '#/components/schemas/'

export class SchemaComponents {
  readonly schemas: Record<string, JsonObject> = {}

  /** A schema named in components.schemas, referenced by $ref. */
  named(name: string, source: z.ZodType, io: 'input' | 'output'): JsonObject {
    const finalName = this.place(name, this.inline(source, io))
    return { $ref: `${COMPONENT_REF}${finalName}` }
  }

  /** A schema to write in place; its nested definitions go to components.schemas. */
  inline(source: z.ZodType, io: 'input' | 'output'): JsonObject {
    const generated: JsonObject = z.toJSONSchema(source, { io, unrepresentable: 'any' })
    const { $schema: _dialect, $defs: defs, ...schema } = generated
    const nested = isObject(defs) ? Object.entries(defs).filter((entry): entry is [string, JsonObject] => isObject(entry[1])) : []
    // One suffix for all of them, so definitions that refer to each other keep doing so: none
    // when their names are free or hold the same definitions already, else the first free one.
    for (let round = 1; ; round += 1) {
      const renames = new Map(nested.map(([name]) => [name, round === 1 ? name : `${name}_${round}`]))
      const placed: Array<[string, JsonObject]> = nested.map(([name, definition]) => [renames.get(name)!, rewriteRefs(definition, renames)])
      if (placed.every(([name, definition]) => !this.schemas[name] || isDeepStrictEqual(this.schemas[name], definition))) {
        for (const [name, definition] of placed) this.schemas[name] = definition
        return rewriteRefs(schema, renames)
      }
    }
  }

  private place(name: string, schema: JsonObject): string {
    const existing = this.schemas[name]
    if (existing && !isDeepStrictEqual(existing, schema)) throw new Error(`OpenAPI component ${name} defined twice, differently`)
    this.schemas[name] = schema
    return name
  }
}

function rewriteRefs(value: JsonObject, renames: ReadonlyMap<string, string>): JsonObject {
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite)
    if (!isObject(node)) return node
    return Object.fromEntries(
      Object.entries(node).map(([key, child]) => {
        if (key === '$ref' && typeof child === 'string' && child.startsWith('#/$defs/')) {
          const name = child.slice('#/$defs/'.length)
          return [key, `${COMPONENT_REF}${renames.get(name) ?? name}`]
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
