// The README's benchmark table: the figures a newcomer asks about first, each the median of at
// least three full runs of `npm run bench -- --runs 3` with its spread, the run's dates and its
// commit. Written between the two markers below by bench/run-all.ts; every other figure is in
// docs/benchmarks-latest.md.
import { readFileSync, writeFileSync } from 'node:fs'
import { median, medianMet, type Combined } from './runs'
import { number, ratioText } from './summary-table'

export const README_FILE = 'README.md'
export const START_MARK = '<!-- benchmark table: written by `npm run bench -- --runs 3` (bench/lib/readme-table.ts) -->'
export const END_MARK = '<!-- end of the benchmark table -->'
/** Fewer runs than this leave the README as it is: one run's figure is not the table's. */
export const MIN_RUNS = 3

/** The figures of the table: a benchmark, its figure's name, and the words the table shows. */
export const HEADLINES: ReadonlyArray<{ name: string; figure: string; says: string }> = [
  { name: 'api', figure: 'company info, read cache on, embedded, 50 conn.', says: 'Company info (`/vue/`), read cache' },
  { name: 'api', figure: 'company info, READ_CACHE_TTL_MS=0, embedded, 50 conn.', says: 'Company info, from the database' },
  { name: 'api', figure: 'home page, anonymous, embedded, 50 conn.', says: 'Home page, anonymous' },
  { name: 'api', figure: 'companies screen, signed in (SSR), embedded, 50 conn.', says: 'Companies screen, signed in' },
  { name: 'api', figure: 'contacts screen, dealer (SSR), embedded, 50 conn.', says: 'Contacts screen, signed in' },
  { name: 'api', figure: 'basket approval, staff (SSR), embedded, 50 conn.', says: 'Basket approval, signed in' },
  { name: 'api', figure: 'translation desk, first paint (SSR), embedded, 50 conn.', says: 'Translation desk, first paint' },
  { name: 'api', figure: 'company info (read cache on) with a log line per request and metrics, 50 conn.', says: 'Logs and metrics on (against off)' },
  { name: 'load', figure: 'companies screen, signed in: p99 at 200 connections', says: 'Companies screen, p99 at 200 connections' },
  { name: 'price-upload', figure: 'upload of 1,000,000 rows, apply (to COPY)', says: 'Price list of 1,000,000 rows applied (against `COPY`)' },
  { name: 'price-upload', figure: 'peak server RSS during the uploads', says: 'Server memory during the uploads, peak' },
  { name: 'translation', figure: 'keystroke → persisted (after debounce)', says: 'Desk: a keystroke stored in the browser' },
  { name: 'stall', figure: 'embedded PostgreSQL: /health during price upload, 1,000,000 rows, p99', says: '`/health` p99 beside a million-row upload' },
]

/**
 * The line above the table: how many runs, when each started (a run ends as the next starts),
 * on what and at which commit; `lines` are the runs' own lines (bench/run-all.ts), each
 * beginning with its start ("YYYY-MM-DD HH:MM UTC, machine, Node …").
 */
export function readmeRunLine(lines: ReadonlyArray<string>, commit: string): string {
  const starts = lines.map((line) => line.slice(0, 16))
  const machine = lines[0]?.split(', ').slice(1, 3).join(', ') ?? ''
  return `The median of ${lines.length} full runs of \`npm run build && npm run bench -- --runs ${lines.length}\` (started ${starts.join(', ')} UTC), ${machine}, commit ${commit}; every figure with its same-run baseline is in [the latest full run](docs/benchmarks-latest.md).`
}

function targetText(entry: Combined): string {
  const { target, unit } = entry
  if (!target) return '—'
  const sign = target.bound === 'max' ? '≤' : '≥'
  return target.of === 'value' ? `${sign} ${number(target.limit)}${unit ? ` ${unit}` : ''}` : `${sign} ${ratioText(target.limit)} ×`
}

/** The table's Markdown (without the markers) for the combined runs; `runLine` says when, where and which commit. */
export function readmeTable(entries: ReadonlyArray<Combined>, runLine: string): string {
  const rows = HEADLINES.map(({ name, figure, says }) => {
    const entry = entries.find((candidate) => candidate.name === name && candidate.figure === figure)
    if (!entry) return `| ${says} | not measured | | | | |`
    const value = median(entry.values)
    const unit = entry.unit ? ` ${entry.unit}` : ''
    const spread = `${number(Math.min(...entry.values))}–${number(Math.max(...entry.values))}`
    const ratio =
      entry.ratios.length > 0 ? `${ratioText(median(entry.ratios))} × (${ratioText(Math.min(...entry.ratios))}–${ratioText(Math.max(...entry.ratios))})` : '—'
    const met = medianMet(entry)
    return `| ${says} | ${number(value)}${unit} | ${spread} | ${ratio} | ${targetText(entry)} | ${met === undefined ? '—' : met ? 'met' : '**not met**'} |`
  })
  return [
    runLine,
    '',
    '| what | median | spread (lowest–highest) | ratio to its same-run baseline: median (spread) | target | |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n')
}

/** Replaces what stands between the markers of `text` with `table`; throws when a marker is missing. */
export function withReadmeTable(text: string, table: string): string {
  const start = text.indexOf(START_MARK)
  const end = text.indexOf(END_MARK)
  if (start < 0 || end < start) throw new Error(`${README_FILE} has no benchmark table markers (${START_MARK} … ${END_MARK})`)
  return `${text.slice(0, start + START_MARK.length)}\n${table}\n${text.slice(end)}`
}

export function writeReadmeTable(table: string): void {
  writeFileSync(README_FILE, withReadmeTable(readFileSync(README_FILE, 'utf8'), table))
  console.log(`Wrote the benchmark table to ${README_FILE}.`)
}
