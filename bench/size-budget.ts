// `npm test`'s size budget step (and `npm run bench:size`): the table of bench/lib/size-limits.ts
// for the build in .output (or PORTAL_OUTPUT_DIR); exit 1 when a route passes its ceiling.
// `--lower` first lowers the ceilings of bench/lib/size-ceilings.json to today's weights.
import { writeFileSync } from 'node:fs'
import { routeWeights } from './lib/route-weights'
import { writeResult, type Figure } from './lib/result'
import { CEILINGS_FILE, KB, printWeights, readCeilings, targetKb } from './lib/size-limits'

async function main(): Promise<void> {
  const weights = await routeWeights(process.env.PORTAL_OUTPUT_DIR ?? '.output')
  const ceilings = readCeilings()
  if (process.argv.includes('--lower')) {
    // Only ever down: a route's new ceiling is what it weighs now (rounded up), capped by the old one.
    const next: Record<string, number> = {}
    const seeding = Object.keys(ceilings).length === 0
    for (const weight of weights) {
      const now = Math.ceil(weight.gzipBytes / KB)
      const old = ceilings[weight.route]
      // A route without a ceiling is held to its target: one that grew past it is not let off
      // here (only the first run, with no ceilings at all, writes them for every route).
      if (now > targetKb(weight.route) && (old !== undefined || seeding)) next[weight.route] = old === undefined ? now : Math.min(old, now)
    }
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

await main()
