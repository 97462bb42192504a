// The table of the server's settings in docs/configuration.md, written from the validated settings themselves
// (src/server/env.server.ts: each with its `meta` doc), so it cannot drift from what the server
// reads. `npm run env-table` rewrites it between its markers; a test fails when it is stale.
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { envSchema, type SettingDoc } from '../src/server/env.server'

export const TABLE_START = '<!-- settings-table:start (npm run env-table) -->'
export const TABLE_END = '<!-- settings-table:end -->'

/** The default as a person sets it: `1` for true, empty for an empty list. */
function shownDefault(value: unknown): string {
  if (value === undefined) return ''
  if (typeof value === 'boolean') return value ? '`1`' : '`0`'
  if (Array.isArray(value)) return value.length === 0 ? 'empty' : `\`${value.join(',')}\``
  return `\`${String(value)}\``
}

type JsonShape = { enum?: unknown[]; minimum?: number; maximum?: number; anyOf?: JsonShape[] }

/** The input's JSON Schema (the part that is not "unset", where a setting may be). */
function shapeOf(schema: z.ZodType): JsonShape {
  const found = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonShape
  return found.anyOf?.find((part) => part.enum ?? part.minimum) ?? found
}

/** Allowed values of a setting that takes a few words (an enum), read from its schema. */
function choicesOf(shape: JsonShape): string[] | null {
  return shape.enum ? shape.enum.map(String) : null
}

/** A number's range, e.g. `0–60000`, read from its schema. */
function rangeOf(shape: JsonShape): string | null {
  return shape.minimum !== undefined && shape.maximum !== undefined ? `${shape.minimum}–${shape.maximum}` : null
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ')

export function settingsTable(settings: z.ZodObject = envSchema): string {
  const rows = ['| variable | default | meaning |', '|---|---|---|']
  for (const [name, schema] of Object.entries(settings.shape) as Array<[string, z.ZodType]>) {
    const doc = z.globalRegistry.get(schema) as SettingDoc | undefined
    if (!doc?.meaning) throw new Error(`${name} in src/server/env.server.ts has no meaning (.meta(doc(…)))`)
    const parsed = schema.safeParse(undefined)
    const value = parsed.success ? parsed.data : undefined
    let shown = value === undefined ? `unset → ${doc.unset ?? 'not used'}` : shownDefault(value)
    const shape = shapeOf(schema)
    const choices = choicesOf(shape)
    // Words the meaning does not name already (`auto`: …) are listed with the default.
    const listed = choices && !choices.every((choice) => doc.meaning.includes(`\`${choice}\``))
    const extras = [listed ? choices.map((choice) => `\`${choice}\``).join(', ') : null, rangeOf(shape), doc.note]
    const more = extras.filter(Boolean).join('; ')
    if (more) shown += ` (${more})`
    rows.push(`| \`${name}\` | ${cell(shown)} | ${cell(doc.meaning)} |`)
  }
  return rows.join('\n')
}

/** The page that holds the table. */
export const TABLE_FILE = 'docs/configuration.md'

/** The page with its table replaced by today's; throws when the markers are missing. */
export function withTable(page: string, table = settingsTable()): string {
  const start = page.indexOf(TABLE_START)
  const end = page.indexOf(TABLE_END)
  if (start === -1 || end < start) throw new Error(`${TABLE_FILE} has no ${TABLE_START} … ${TABLE_END}`)
  return `${page.slice(0, start + TABLE_START.length)}\n${table}\n${page.slice(end)}`
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const file = TABLE_FILE
  const before = readFileSync(file, 'utf8')
  const after = withTable(before)
  if (process.argv.includes('--check')) {
    if (after !== before) {
      console.error(`${file}: the table of settings is stale; run \`npm run env-table\`.`)
      process.exit(1)
    }
    console.log(`${file}: the table of settings is current.`)
  } else {
    writeFileSync(file, after)
    console.log(after === before ? `${file}: the table of settings was current.` : `${file}: the table of settings was rewritten.`)
  }
}
