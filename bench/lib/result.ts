// A benchmark's machine-readable result: its figures, each with the same-run baseline and the
// target where it has them. Written as JSON to BENCH_RESULT_FILE when that is set;
// bench/run-all.ts sets it for each benchmark and prints one table of all.
import { readFileSync, writeFileSync } from 'node:fs'
import { z } from 'zod'

export const figureSchema = z.object({
  figure: z.string(),
  value: z.number(),
  unit: z.string(),
  baseline: z.object({ figure: z.string(), value: z.number() }).optional(),
  /** On the value itself or on the ratio value ÷ baseline; met when within `limit`. */
  target: z.object({ of: z.enum(['value', 'ratio']), bound: z.enum(['max', 'min']), limit: z.number() }).optional(),
})

export type Figure = z.infer<typeof figureSchema>

const resultSchema = z.object({ figures: z.array(figureSchema).min(1) })

export function writeResult(figures: Figure[]): void {
  const file = process.env.BENCH_RESULT_FILE
  if (file) writeFileSync(file, JSON.stringify(resultSchema.parse({ figures }), null, 2))
}

export function readResult(file: string): Figure[] {
  return resultSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).figures
}
