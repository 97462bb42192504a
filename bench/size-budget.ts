// `npm test`'s size budget step (and `npm run bench:size`): the table of bench/size-limits.ts
// for the build in .output (or PORTAL_OUTPUT_DIR); exit 1 when a route passes its ceiling.
// `--lower` first lowers the ceilings of bench/size-ceilings.json to today's weights.
import { writeFileSync } from 'node:fs'
import { routeWeights } from './route-weights'
import { CEILINGS_FILE, KB, printWeights, readCeilings, targetKb } from './size-limits'

async function main(): Promise<void> {
  const weights = await routeWeights(process.env.PORTAL_OUTPUT_DIR ?? '.output')
  const ceilings = readCeilings()
  if (process.argv.includes('--lower')) {
    // Only ever down: a route's new ceiling is what it weighs now (rounded up), capped by the old one.
    const next: Record<string, number> = {}
    for (const weight of weights) {
      const now = Math.ceil(weight.gzipBytes / KB)
      const old = ceilings[weight.route]
      if (now > targetKb(weight.route)) next[weight.route] = old === undefined ? now : Math.min(old, now)
    }
    writeFileSync(CEILINGS_FILE, `${JSON.stringify(next, null, 2)}\n`)
    console.log(`Wrote ${Object.keys(next).length} ceilings (routes still above their target) to bench/size-ceilings.json.\n`)
    Object.assign(ceilings, next)
    for (const route of Object.keys(ceilings)) if (!(route in next)) delete ceilings[route]
  }
  const problems = printWeights(weights, ceilings)
  if (problems.length > 0) {
    console.error(`\n✗ Over the size budget:\n  ${problems.join('\n  ')}`)
    console.error('  Split the new weight off (a dynamic import where it is used), or see docs/decisions/035-page-weight.md.')
    process.exitCode = 1
  }
}

await main()
