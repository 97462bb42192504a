// `npm test`'s size budget step (and `npm run bench:size`): the table of bench/lib/size-limits.ts
// for the build in .output (or PORTAL_OUTPUT_DIR); exit 1 when a route passes its ceiling.
// `--lower` first lowers the ceilings of bench/lib/size-ceilings.json to today's weights.
// `--browser`: the first load as Chromium makes it instead (bench/lib/first-load-browser.ts: the
// built server, each screen opened until the network is idle), against the ceilings of
// bench/lib/first-load-ceilings.json (`--browser --lower` lowers those).
import { writeFileSync } from 'node:fs'
import { routeWeights } from './lib/route-weights'
import { writeResult, type Figure } from './lib/result'
import { BROWSER_CEILINGS_FILE, CEILINGS_FILE, KB, printFirstLoads, printWeights, readCeilings, targetKb } from './lib/size-limits'
import { measureFirstLoads } from './lib/first-load-browser'
import { requireBuild } from './lib/server'

/** Only ever down: a ceiling is what the screen weighs now (rounded up), capped by the old one; none for a screen within its target. */
function lowered(weights: Array<{ name: string; bytes: number }>, ceilings: Record<string, number>): Record<string, number> {
  const next: Record<string, number> = {}
  const seeding = Object.keys(ceilings).length === 0
  for (const { name, bytes } of weights) {
    const now = Math.ceil(bytes / KB)
    const old = ceilings[name]
    // A screen without a ceiling is held to its target: one that grew past it is not let off
    // here (only the first run, with no ceilings at all, writes them for every screen).
    if (now > targetKb(name) && (old !== undefined || seeding)) next[name] = old === undefined ? now : Math.min(old, now)
  }
  return next
}

async function browserBudget(): Promise<void> {
  requireBuild()
  const loads = await measureFirstLoads()
  let ceilings = readCeilings(BROWSER_CEILINGS_FILE)
  if (process.argv.includes('--lower')) {
    ceilings = lowered(
      loads.map((load) => ({ name: load.screen.name, bytes: load.scriptGzipBytes })),
      ceilings,
    )
    writeFileSync(BROWSER_CEILINGS_FILE, `${JSON.stringify(ceilings, null, 2)}\n`)
    console.log(`Wrote ${Object.keys(ceilings).length} ceilings (screens still above their target) to bench/lib/first-load-ceilings.json.\n`)
  }
  const problems = printFirstLoads(loads, ceilings)
  writeResult(
    loads.map((load) => ({
      figure: `first load in Chromium until the network is idle, ${load.screen.name}`,
      value: Math.round(load.scriptGzipBytes / 102.4) / 10,
      unit: 'KB gzip',
      target: { of: 'value', bound: 'max', limit: targetKb(load.screen.name) },
    })),
  )
  if (problems.length > 0) {
    console.error(`\n✗ Over the size budget in the browser:\n  ${problems.join('\n  ')}`)
    console.error('  Load the new weight when it is used, not when the screen opens, or see docs/decisions/035-page-weight.md.')
    process.exitCode = 1
  }
}

async function main(): Promise<void> {
  const weights = await routeWeights(process.env.PORTAL_OUTPUT_DIR ?? '.output')
  const ceilings = readCeilings()
  if (process.argv.includes('--lower')) {
    const next = lowered(
      weights.map((weight) => ({ name: weight.route, bytes: weight.gzipBytes })),
      ceilings,
    )
    writeFileSync(CEILINGS_FILE, `${JSON.stringify(next, null, 2)}\n`)
    console.log(`Wrote ${Object.keys(next).length} ceilings (routes still above their target) to bench/lib/size-ceilings.json.\n`)
    Object.assign(ceilings, next)
    for (const route of Object.keys(ceilings)) if (!(route in next)) delete ceilings[route]
  }
  // In `npm run bench` (run-all) the table is printed by npm test's own step already: a summary.
  const problems = printWeights(weights, ceilings, { tableRows: process.env.BENCH_SMALL !== '1' })
  const figure = (route: string): Figure[] => {
    const weight = weights.find((candidate) => candidate.route === route)
    return weight
      ? [
          {
            figure: `first-load JS ${route}`,
            value: Math.round(weight.gzipBytes / 102.4) / 10,
            unit: 'KB gzip',
            target: { of: 'value', bound: 'max', limit: targetKb(route) },
          },
        ]
      : []
  }
  const heaviest = weights.reduce((top, weight) => (weight.gzipBytes > top.gzipBytes ? weight : top))
  writeResult([
    ...figure('/'),
    ...figure('/{-$location}/login'),
    {
      figure: `first-load JS, heaviest (${heaviest.route})`,
      value: Math.round(heaviest.gzipBytes / 102.4) / 10,
      unit: 'KB gzip',
      target: { of: 'value', bound: 'max', limit: 200 },
    },
    {
      figure: 'routes within their target',
      value: weights.filter((weight) => weight.gzipBytes / KB <= targetKb(weight.route)).length,
      unit: `of ${weights.length}`,
    },
  ])
  if (problems.length > 0) {
    console.error(`\n✗ Over the size budget:\n  ${problems.join('\n  ')}`)
    console.error('  Split the new weight off (a dynamic import where it is used), or see docs/decisions/035-page-weight.md.')
    process.exitCode = 1
  }
}

await (process.argv.includes('--browser') ? browserBudget() : main())
