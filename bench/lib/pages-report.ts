// The printed result of bench/pages.ts: table, targets, ratios to the baseline, script files;
// and its figures for bench/run-all.ts.
import type { RunSummary } from './lighthouse'
import type { Figure } from './result'
import { totals, type ScriptBytes } from './script-bytes'

export type PageResult = { name: string; path: string; runs: RunSummary[]; median: RunSummary; scripts: ScriptBytes[] }

type Report = { version: string; runs: number; origin: string; results: PageResult[]; baselineName: string }

// Targets (decision 035): performance ≥ 95 in every run, LCP ≤ 2 × the static page's, CLS 0. The JS
// budget per route is npm test's (bench/size-budget.ts, printed first by bench:pages).
const TARGET = { performance: 95, accessibility: 95, lcpRatio: 2, cls: 0 }

const kb = (bytes: number) => (bytes / 1024).toFixed(1)
const ms = (value: number) => value.toFixed(0)
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS')

function row(cells: [string, number][]): string {
  return cells.map(([text, width], index) => (index < 2 ? text.padEnd(width) : text.padStart(width))).join(' ')
}

function printTable(results: PageResult[]): void {
  const widths = [9, 21, 4, 5, 12, 5, 7, 7, 7, 6, 4, 10, 10, 10]
  const head = ['page', 'path', 'HTTP', 'perf', 'perf runs', 'a11y', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'JS#', 'JS wire KB', 'JS raw KB', 'JS gzip KB']
  console.log(row(head.map((text, i) => [text, widths[i] ?? 0])))
  for (const { name, path, runs, median, scripts } of results) {
    const js = totals(scripts)
    const cells = [name, path, String(median.status), String(median.performance), runs.map((run) => run.performance).join('/'), String(median.accessibility)]
    cells.push(ms(median.fcpMs), ms(median.lcpMs), ms(median.tbtMs), median.cls.toFixed(3), String(scripts.length), kb(js.wire), kb(js.resource), kb(js.gzip))
    console.log(row(cells.map((text, i) => [text, widths[i] ?? 0])))
  }
  const all = results.flatMap((result) => result.scripts)
  const encodings = [...new Set(all.map((script) => script.encoding))].join(', ')
  console.log(
    totals(all).servedGzip
      ? '\nJS gzip = transferSize on the wire: the server sent every script gzip-encoded.'
      : `\nJS gzip = computed here (zlib gzip, level 6, of each script body): the server sends JS with Content-Encoding: ${encodings}, so "JS wire" is not a gzip size.`,
  )
  console.log('JS wire = transferSize (body as sent + headers), JS raw = resourceSize (decoded); all script requests of the page load. KB = 1,024 bytes.')
}

const lowest = (runs: RunSummary[]) => Math.min(...runs.map((run) => run.performance))
const worstCls = (runs: RunSummary[]) => Math.max(...runs.map((run) => run.cls))

function printTargets(pages: PageResult[], runs: number, baseline: PageResult | undefined): void {
  console.log('\nTargets (the median-performance run; performance and CLS: every run)')
  for (const { name, median, scripts, runs: pageRuns } of pages) {
    const gzip = totals(scripts).gzip
    console.log(
      `  ${name.padEnd(9)} performance (lowest of ${runs})`.padEnd(46),
      String(lowest(pageRuns)).padStart(9),
      `  ≥ ${TARGET.performance}`.padEnd(12),
      verdict(lowest(pageRuns) >= TARGET.performance),
    )
    if (baseline) {
      const ratio = median.lcpMs / baseline.median.lcpMs
      console.log(
        `  ${name.padEnd(9)} LCP ÷ the static page's`.padEnd(46),
        `× ${ratio.toFixed(2)}`.padStart(9),
        `  ≤ ${TARGET.lcpRatio}`.padEnd(12),
        verdict(ratio <= TARGET.lcpRatio),
      )
    }
    console.log(
      `  ${name.padEnd(9)} CLS (largest of ${runs})`.padEnd(46),
      worstCls(pageRuns).toFixed(3).padStart(9),
      `  = ${TARGET.cls}`.padEnd(12),
      verdict(worstCls(pageRuns) <= TARGET.cls),
    )
    console.log(
      `  ${name.padEnd(9)} accessibility`.padEnd(46),
      String(median.accessibility).padStart(9),
      `  ≥ ${TARGET.accessibility}`.padEnd(12),
      verdict(median.accessibility >= TARGET.accessibility),
    )
    // Every script of Lighthouse's whole load, the parts fetched when the browser is first idle
    // included: no target of its own, the budget is the first-load table above (from the build).
    console.log(`  ${name.padEnd(9)} all JS of the load, gzip`.padEnd(46), `${kb(gzip)} KB`.padStart(9), '  (with on-idle parts; budget: the table above)')
  }
}

function printRatios(pages: PageResult[], baseline: PageResult): void {
  const base = baseline.median
  const baseJs = totals(baseline.scripts).gzip
  console.log(`\nRelative to the baseline (${baseline.path}, static HTML from a server of the benchmark's own, same run)`)
  for (const { name, median, scripts } of pages) {
    const gzip = totals(scripts).gzip
    const jsRatio = baseJs > 0 ? `× ${(gzip / baseJs).toFixed(2)}` : 'no ratio: the baseline loads no JS'
    console.log(
      `  ${name.padEnd(8)} performance ${median.performance}/${base.performance} = ${(median.performance / base.performance).toFixed(2)}` +
        `   LCP ${ms(median.lcpMs)}/${ms(base.lcpMs)} ms = ${(median.lcpMs / base.lcpMs).toFixed(2)}` +
        `   JS gzip ${kb(gzip)} KB vs ${kb(baseJs)} KB: +${kb(gzip - baseJs)} KB (${jsRatio})`,
    )
  }
}

function printScripts(pages: PageResult[]): void {
  const byUrl = new Map<string, { script: ScriptBytes; pages: string[] }>()
  for (const page of pages) {
    for (const script of page.scripts) {
      const entry = byUrl.get(script.url) ?? { script, pages: [] }
      entry.pages.push(page.name)
      byUrl.set(script.url, entry)
    }
  }
  console.log('\nScript files of the first load, largest first')
  console.log('  ' + 'file'.padEnd(40), 'raw KB'.padStart(8), 'wire KB'.padStart(8), 'gzip KB'.padStart(8), 'encoding'.padStart(9), ' pages')
  const sorted = [...byUrl.values()].sort((a, b) => b.script.resource - a.script.resource)
  for (const { script, pages: names } of sorted) {
    const file = new URL(script.url).pathname
    console.log(
      '  ' + file.padEnd(40),
      kb(script.resource).padStart(8),
      kb(script.wire).padStart(8),
      kb(script.gzip).padStart(8),
      script.encoding.padStart(9),
      ' ' + names.join(', '),
    )
  }
}

export function printReport({ version, runs, origin, results, baselineName }: Report): void {
  // Small mode measures no baseline.
  const baseline = results.find((result) => result.name === baselineName)
  const pages = results.filter((result) => result !== baseline)
  console.log(`\nLighthouse ${version} on ${origin}: mobile form factor with simulated throttling (the defaults), performance + accessibility.`)
  console.log(`${runs} runs per page, interleaved; the row shows the run with the median performance score.\n`)
  printTable(results)
  printTargets(pages, runs, baseline)
  if (baseline) printRatios(pages, baseline)
  printScripts(pages)
}

/** Each page's median run against the baseline page's (when measured), with the targets. */
export function pageFigures(results: PageResult[], baselineName: string): Figure[] {
  const baseline = results.find((result) => result.name === baselineName)
  const against = (pick: (run: RunSummary, jsGzipKb: number) => number) =>
    baseline && { figure: baseline.path, value: pick(baseline.median, totals(baseline.scripts).gzip / 1024) }
  return results
    .filter((result) => result !== baseline)
    .flatMap(({ name, path, median, scripts, runs }): Figure[] => {
      const page = `${name} (${path})`
      return [
        { figure: `${page} performance, lowest run`, value: lowest(runs), unit: '', target: { of: 'value', bound: 'min', limit: TARGET.performance } },
        { figure: `${page} CLS, largest run`, value: worstCls(runs), unit: '', target: { of: 'value', bound: 'max', limit: TARGET.cls } },
        {
          figure: `${page} performance score`,
          value: median.performance,
          unit: '',
          baseline: against((run) => run.performance),
          target: { of: 'value', bound: 'min', limit: TARGET.performance },
        },
        {
          figure: `${page} accessibility score`,
          value: median.accessibility,
          unit: '',
          baseline: against((run) => run.accessibility),
          target: { of: 'value', bound: 'min', limit: TARGET.accessibility },
        },
        {
          figure: `${page} LCP`,
          value: median.lcpMs,
          unit: 'ms',
          baseline: against((run) => run.lcpMs),
          ...(baseline ? { target: { of: 'ratio' as const, bound: 'max' as const, limit: TARGET.lcpRatio } } : {}),
        },
        {
          figure: `${page} all JS of the load (with on-idle parts), gzip`,
          value: totals(scripts).gzip / 1024,
          unit: 'KB',
          baseline: against((_, jsGzipKb) => jsGzipKb),
        },
      ]
    })
}
