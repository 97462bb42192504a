// The latest full-size run of `npm run bench`, written to docs/benchmarks-latest.md (linked from
// docs/benchmarks.md): the run's line (date, commit, machine, load) and its table, so the page
// always shows the last full run as it was printed. Small mode writes nothing (`npm test` runs
// it, and its figures are not comparable).
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'

export const LATEST_FILE = 'docs/benchmarks-latest.md'

export function commit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
  } catch {
    return 'unknown'
  }
}

/** Writes the page; `runLine` and `timeLine` are the lines printed above and below the table. */
export function writeLatestRun(parts: { runLine: string; table: string; timeLine: string; failed: string[] }): void {
  const outcome = parts.failed.length === 0 ? 'every benchmark ran' : `did not run: ${parts.failed.join(', ')}`
  const page = [
    '# Latest full benchmark run',
    '',
    'Written by `npm run bench` (`bench/lib/latest-run.ts`) at the end of every full-size run; what',
    'the figures mean and what is not met is in [Benchmarks](benchmarks.md).',
    '',
    `${parts.runLine}, commit ${commit()}, ${outcome}.`,
    '',
    parts.table,
    '',
    `${parts.timeLine[0]?.toUpperCase() ?? ''}${parts.timeLine.slice(1)}.`,
    '',
  ].join('\n')
  writeFileSync(LATEST_FILE, page)
  console.log(`\nWrote the table to ${LATEST_FILE}.`)
}
