// The size budget every page of the route tree is held to (decision 035), from the production
// build: first-load JavaScript (gzip level 6 of each script, bench/lib/route-weights.ts)
// and CSS. Prints one row per route. Two limits per route:
//   target  — decision 035's: ≤ 150 KB on home and login, ≤ 200 KB on every other screen, CSS ≤ 30 KB;
//   ceiling — what the route weighs today (bench/lib/size-ceilings.json, at most the target): no
//             screen may grow past it. A route above its target keeps a ceiling above it until
//             the work to bring it down lands; then the ceiling is lowered with
//             `npm run bench:size -- --lower` (only ever lowered) and kept in the commit.
// `npm test` runs bench/size-budget.ts, which fails when a route passes its ceiling or the CSS
// its target; bench:pages prints the same table.
import { readFileSync } from 'node:fs'
import { z } from 'zod'
import type { RouteWeight } from './route-weights'

export const KB = 1024
const HOME_AND_LOGIN = new Set(['/', '/{-$location}/login', '/{-$location}/home'])
const TARGET_HOME_KB = 150
const TARGET_SCREEN_KB = 200
const TARGET_CSS_KB = 30
// Room for a build's small differences (a minifier's choice, a hash in a file name).
const SLACK_KB = 1
export const CEILINGS_FILE = new URL('./size-ceilings.json', import.meta.url)

const ceilingsSchema = z.record(z.string(), z.number().positive())

export function targetKb(route: string): number {
  return HOME_AND_LOGIN.has(route) ? TARGET_HOME_KB : TARGET_SCREEN_KB
}

export function readCeilings(): Record<string, number> {
  try {
    return ceilingsSchema.parse(JSON.parse(readFileSync(CEILINGS_FILE, 'utf8')))
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return {}
    throw error
  }
}

const kb = (bytes: number) => (bytes / KB).toFixed(1)

export function printWeights(weights: RouteWeight[], ceilings: Record<string, number>, { tableRows = true } = {}): string[] {
  const problems: string[] = []
  const log = tableRows ? console.log : () => undefined
  log(
    `${'route'.padEnd(42)} ${'scripts'.padStart(7)} ${'raw KB'.padStart(8)} ${'gzip KB'.padStart(8)} ${'target'.padStart(7)} ${'ceiling'.padStart(8)}  verdict`,
  )
  for (const weight of weights) {
    const target = targetKb(weight.route)
    const ceiling = ceilings[weight.route] ?? target
    const gzipKb = weight.gzipBytes / KB
    const verdict = gzipKb <= target ? 'PASS' : gzipKb <= ceiling + SLACK_KB ? `over target (ceiling ${ceiling} KB held)` : 'OVER CEILING'
    if (gzipKb > ceiling + SLACK_KB) problems.push(`${weight.route}: ${kb(weight.gzipBytes)} KB gzip of first-load JavaScript, ceiling ${ceiling} KB`)
    log(
      `${weight.route.padEnd(42)} ${String(weight.scripts).padStart(7)} ${kb(weight.rawBytes).padStart(8)} ${kb(weight.gzipBytes).padStart(8)} ${String(target).padStart(7)} ${String(ceiling).padStart(8)}  ${verdict}`,
    )
  }
  const css = weights[0]?.cssGzipBytes ?? 0
  log(`\nCSS (every page): ${kb(css)} KB gzip, target ≤ ${TARGET_CSS_KB} KB: ${css / KB <= TARGET_CSS_KB ? 'PASS' : 'OVER'}`)
  if (css / KB > TARGET_CSS_KB) problems.push(`CSS ${kb(css)} KB gzip, target ${TARGET_CSS_KB} KB`)
  const met = weights.filter((weight) => weight.gzipBytes / KB <= targetKb(weight.route)).length
  console.log(`Routes within the target: ${met} of ${weights.length}. KB = 1,024 bytes, gzip level 6 of each script body.`)
  return problems
}
