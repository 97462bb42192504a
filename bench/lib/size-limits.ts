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
import type { FirstLoad } from './first-load-browser'
import type { RouteWeight } from './route-weights'

export const KB = 1024
const HOME_AND_LOGIN = new Set(['/', '/{-$location}/login', '/{-$location}/home'])
const TARGET_HOME_KB = 150
const TARGET_SCREEN_KB = 200
const TARGET_CSS_KB = 30
// Room for a build's small differences (a minifier's choice, a hash in a file name).
const SLACK_KB = 1
export const CEILINGS_FILE = new URL('./size-ceilings.json', import.meta.url)
/** The same for what each screen fetches in Chromium until the network is idle (bench/lib/first-load-browser.ts). */
export const BROWSER_CEILINGS_FILE = new URL('./first-load-ceilings.json', import.meta.url)

const ceilingsSchema = z.record(z.string(), z.number().positive())

export function targetKb(route: string): number {
  return HOME_AND_LOGIN.has(route) || route === 'home' || route === 'login' ? TARGET_HOME_KB : TARGET_SCREEN_KB
}

/**
 * The first loads measured in Chromium, one row per screen, against the same targets and their
 * own ceilings; the problems (a screen past its ceiling, CSS past its target).
 */
export function printFirstLoads(loads: FirstLoad[], ceilings: Record<string, number>): string[] {
  const problems: string[] = []
  console.log(
    `${'screen (path)'.padEnd(42)} ${'scripts'.padStart(7)} ${'gzip KB'.padStart(8)} ${'wire KB'.padStart(8)} ${'target'.padStart(7)} ${'ceiling'.padStart(8)}  verdict`,
  )
  for (const load of loads) {
    const name = load.screen.name
    const target = targetKb(name)
    const ceiling = ceilings[name] ?? target
    const gzipKb = load.scriptGzipBytes / KB
    const verdict = gzipKb <= target ? 'PASS' : gzipKb <= ceiling + SLACK_KB ? `over target (ceiling ${ceiling} KB held)` : 'OVER CEILING'
    if (gzipKb > ceiling + SLACK_KB)
      problems.push(`${name}: ${kb(load.scriptGzipBytes)} KB gzip of script fetched until the network was idle, ceiling ${ceiling} KB`)
    const css = load.cssGzipBytes / KB
    if (css > TARGET_CSS_KB) problems.push(`${name}: CSS ${kb(load.cssGzipBytes)} KB gzip, target ${TARGET_CSS_KB} KB`)
    console.log(
      `${`${name} (${load.screen.path})`.padEnd(42)} ${String(load.scripts).padStart(7)} ${kb(load.scriptGzipBytes).padStart(8)} ${kb(load.transferredBytes).padStart(8)} ${String(target).padStart(7)} ${String(ceiling).padStart(8)}  ${verdict}`,
    )
  }
  const css = Math.max(0, ...loads.map((load) => load.cssGzipBytes))
  console.log(`\nCSS fetched (the heaviest screen): ${kb(css)} KB gzip, target ≤ ${TARGET_CSS_KB} KB: ${css / KB <= TARGET_CSS_KB ? 'PASS' : 'OVER'}`)
  const met = loads.filter((load) => load.scriptGzipBytes / KB <= targetKb(load.screen.name)).length
  console.log(`Screens within the target: ${met} of ${loads.length}. gzip: level 6 of each script body; wire: every body as it came (all types).`)
  return problems
}

export function readCeilings(file: URL = CEILINGS_FILE): Record<string, number> {
  try {
    return ceilingsSchema.parse(JSON.parse(readFileSync(file, 'utf8')))
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
