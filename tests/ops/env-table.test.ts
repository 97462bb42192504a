import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { settingsTable, TABLE_FILE, withTable } from '../../scripts/env-table'
import { envSchema } from '../../src/server/env.server'

// The table of settings in docs/configuration.md is written from the validated settings, so it
// cannot drift from what the server reads.
describe('the table of settings in docs/configuration.md', () => {
  it('is the one the settings give today (npm run env-table rewrites it)', () => {
    expect(TABLE_FILE).toBe('docs/configuration.md')
    const page = readFileSync(TABLE_FILE, 'utf8')
    expect(withTable(page)).toBe(page)
  })

  it('has a row for every setting the server reads, with its default and meaning', () => {
    const table = settingsTable()
    for (const name of Object.keys(envSchema.shape)) expect(table).toMatch(new RegExp(`^\\| \`${name}\` \\| [^|]+ \\| .{10,}`, 'm'))
    expect(table).toContain('| `PORT` | `3000` (1–65535) |')
    expect(table).toContain('| `READ_CACHE_TTL_MS` | `5000` (0–60000) |')
    expect(table).toContain('| `TRUST_PROXY` | `0` (`0`, `1`, `true`, `false`) |')
    expect(table).toContain('| `DATABASE_URL` | unset → the embedded PostgreSQL in `DATA_DIR/postgres` |')
  })

  it('follows a changed default and a new setting, and refuses a setting without a meaning', () => {
    const shape = envSchema.shape
    const changed = z.object({ ...shape, PORT: z.coerce.number().default(8080).meta({ meaning: 'Port.' }) })
    expect(settingsTable(changed)).toContain('| `PORT` | `8080` | Port. |')
    expect(() => settingsTable(z.object({ ...shape, NEW_THING: z.string().optional() }))).toThrow(/NEW_THING .* has no meaning/)
  })

  it('is written between its markers, and a page without them is refused', () => {
    expect(withTable('a\n<!-- settings-table:start (npm run env-table) -->\nold\n<!-- settings-table:end -->\nb', 'new')).toBe(
      'a\n<!-- settings-table:start (npm run env-table) -->\nnew\n<!-- settings-table:end -->\nb',
    )
    expect(() => withTable('no markers', 'new')).toThrow(/has no/)
  })
})
