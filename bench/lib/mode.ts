// Small mode (BENCH_SMALL=1): each benchmark runs everything it measures on small sizes for a
// few seconds, so `npm test` proves it still runs. Its figures are not comparable and no target
// is judged; it fails only when it cannot run (a server that does not start, a failed request).
import { z } from 'zod'

const flag = z.enum(['', '0', '1'], { error: 'BENCH_SMALL is 1 (small mode) or 0/unset (full size)' }).default('').parse(process.env.BENCH_SMALL)

export const SMALL = flag === '1'

const positive = (variable: string) =>
  z.coerce
    .number({ error: `${variable} must be a number` })
    .int()
    .positive(`${variable} must be a whole number above 0`)

/** A size or count: the environment variable when set, else the full or small default. */
export function sized(variable: string, defaults: { full: number; small: number }): number {
  const value = process.env[variable]
  if (value === undefined || value === '') return SMALL ? defaults.small : defaults.full
  return positive(variable).parse(value)
}

/** A comma-separated list of sizes, the same way (e.g. BENCH_UPLOAD_ROWS=100000,1000000). */
export function sizedList(variable: string, defaults: { full: number[]; small: number[] }): number[] {
  const value = process.env[variable]
  if (value === undefined || value === '') return SMALL ? defaults.small : defaults.full
  return value.split(',').map((part) => positive(variable).parse(part))
}
