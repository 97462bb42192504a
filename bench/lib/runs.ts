// Several full runs of `npm run bench` (`-- --runs N`) told as one: each figure as the median of
// the runs it was measured in, with its spread (lowest–highest), its same-run baseline as a median
// too, and its ratio as the median of each run's own ratio (a ratio is only ever taken within one
// run). A target is judged on the median. This machine's throughput moves by a fifth from one run
// to the next (docs/benchmarks.md), so one run's figure says little on its own.
import { isMet, number, ratioOf, ratioText, withUnit, type Outcome } from './summary-table'
import type { Figure } from './result'

export type Combined = {
  name: string
  figure: string
  unit: string
  values: number[]
  baselines: number[]
  ratios: number[]
  baselineFigure?: string
  target?: Figure['target']
  /** Runs in which the benchmark ran and gave this figure. */
  measured: number
  runs: number
}

export function median(values: ReadonlyArray<number>): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** Every figure of every run, grouped by benchmark and figure name, in the order first seen. */
export function combineRuns(runs: ReadonlyArray<ReadonlyArray<Outcome>>): Combined[] {
  const combined = new Map<string, Combined>()
  for (const outcomes of runs) {
    for (const outcome of outcomes) {
      if (outcome.failure) continue
      for (const figure of outcome.figures) {
        const key = `${outcome.name}\n${figure.figure}`
        let entry = combined.get(key)
        if (!entry) {
          entry = { name: outcome.name, figure: figure.figure, unit: figure.unit, values: [], baselines: [], ratios: [], measured: 0, runs: runs.length }
          combined.set(key, entry)
        }
        entry.values.push(figure.value)
        entry.measured += 1
        entry.target ??= figure.target
        if (figure.baseline) {
          entry.baselineFigure ??= figure.baseline.figure
          entry.baselines.push(figure.baseline.value)
          const ratio = ratioOf(figure)
          if (ratio !== undefined) entry.ratios.push(ratio)
        }
      }
    }
  }
  return [...combined.values()]
}

/** The median figure, as one run's figure would be, for judging its target. */
export function medianFigure(entry: Combined): Figure {
  const value = median(entry.values)
  const figure: Figure = { figure: entry.figure, value, unit: entry.unit, target: entry.target }
  if (entry.baselines.length > 0 && entry.baselineFigure !== undefined) {
    // The ratio judged is the median of the runs' ratios: a baseline whose value gives it.
    const ratio = median(entry.ratios)
    figure.baseline = { figure: entry.baselineFigure, value: Number.isFinite(ratio) && ratio !== 0 ? value / ratio : median(entry.baselines) }
  }
  return figure
}

export function medianMet(entry: Combined): boolean | undefined {
  return isMet(medianFigure(entry))
}

const spread = (values: ReadonlyArray<number>, text: (value: number) => string) =>
  values.length < 2 ? '—' : `${text(Math.min(...values))}–${text(Math.max(...values))}`

function targetText({ target, unit }: Combined): string {
  if (!target) return '—'
  const sign = target.bound === 'max' ? '≤' : '≥'
  return target.of === 'value' ? `${sign} ${withUnit(target.limit, unit)}` : `ratio ${sign} ${ratioText(target.limit)}`
}

function cells(entry: Combined, small: boolean): string[] {
  const met = medianMet(entry)
  const ran = entry.measured < entry.runs ? ` (${entry.measured} of ${entry.runs} runs)` : ''
  return [
    entry.name,
    `${entry.figure}${ran}`,
    withUnit(median(entry.values), entry.unit),
    spread(entry.values, number),
    entry.baselineFigure !== undefined ? `${entry.baselineFigure}: ${withUnit(median(entry.baselines), entry.unit)}` : '—',
    entry.ratios.length > 0 ? ratioText(median(entry.ratios)) : '—',
    spread(entry.ratios, ratioText),
    targetText(entry),
    !entry.target ? '—' : small ? 'not judged' : met === undefined ? '—' : met ? 'met' : 'NOT met',
  ]
}

/** The Markdown table of combined runs, with a row for a benchmark that ran in none of them. */
export function combinedTable(entries: ReadonlyArray<Combined>, failures: ReadonlyArray<{ name: string; failures: number }> = [], small = false): string {
  const head = ['benchmark', 'figure', 'median', 'spread', 'same-run baseline (median)', 'ratio (median)', 'ratio spread', 'target', 'met']
  const rows = entries.map((entry) => cells(entry, small))
  for (const { name, failures: count } of failures) rows.push([name, `DID NOT RUN in ${count} run${count === 1 ? '' : 's'}`, '', '', '', '', '', '', ''])
  const widths = head.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)))
  const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`
  return [line(head), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n')
}
