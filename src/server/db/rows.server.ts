import { z } from 'zod'

// The rows of db.execute(): both drivers answer { rows } (PGlite's Results, pg's QueryResult),
// but Drizzle types the answer by driver. Checked here instead of cast (parse at every edge,
// docs/architecture.md); the caller parses the rows with its own schema.
const executed = z.object({ rows: z.array(z.unknown()) })

export function rowsOf(result: unknown): unknown[] {
  return executed.parse(result).rows
}
