// The one table bench/run-all.ts prints after all benchmarks: each figure with its same-run
// baseline, the ratio, the target and whether it is met — Markdown, for docs/benchmarks-latest.md.
import type { Figure } from './result'

export type Outcome = { name: string; seconds: number; figures: Figure[]; failure?: string }

export function ratioOf({ value, baseline }: Figure): number | undefined {
  return baseline && baseline.value !== 0 ? value / baseline.value : undefined
}

export function isMet(figure: Figure): boolean | undefined {
  const { target } = figure
  if (!target) return undefined
  const measured = target.of === 'value' ? figure.value : ratioOf(figure)
  if (measured === undefined) return undefined
  return target.bound === 'max' ? measured <= target.limit : measured >= target.limit
}

const digitsFor = (value: number) => (Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2)
const format = (value: number, digits: number) => value.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits })

// Counts and scores show no decimals; a ratio always does (1.00, not 1).
export const number = (value: number) => format(value, Number.isInteger(value) ? 0 : digitsFor(value))
// A small ratio keeps three decimals: 0.005 and 0.01 are not both "0.01" (or 0.00).
export const ratioText = (ratio: number) => format(ratio, Math.abs(ratio) < 0.1 && ratio !== 0 ? 3 : digitsFor(ratio))

export const withUnit = (value: number, unit: string) => (unit ? `${number(value)} ${unit}` : number(value))

function targetText({ target, unit }: Figure): string {
  if (!target) return '—'
  const sign = target.bound === 'max' ? '≤' : '≥'
  return target.of === 'value' ? `${sign} ${withUnit(target.limit, unit)}` : `ratio ${sign} ${ratioText(target.limit)}`
}

function metText(figure: Figure, small: boolean): string {
  if (!figure.target) return '—'
  if (small) return 'not judged'
  const met = isMet(figure)
  return met === undefined ? '—' : met ? 'met' : 'NOT met'
}

function cells(name: string, figure: Figure, small: boolean): string[] {
  const ratio = ratioOf(figure)
  return [
    name,
    figure.figure,
    withUnit(figure.value, figure.unit),
    figure.baseline ? `${figure.baseline.figure}: ${withUnit(figure.baseline.value, figure.unit)}` : '—',
    ratio === undefined ? '—' : ratioText(ratio),
    targetText(figure),
    metText(figure, small),
  ]
}

export function summaryTable(outcomes: Outcome[], small: boolean): string {
  const head = ['benchmark', 'figure', 'value', 'same-run baseline', 'ratio', 'target', 'met']
  const rows = outcomes.flatMap((outcome) =>
    outcome.failure
      ? [[outcome.name, `DID NOT RUN: ${outcome.failure}`, '', '', '', '', '']]
      : outcome.figures.map((figure) => cells(outcome.name, figure, small)),
  )
  const widths = head.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)))
  const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`
  return [line(head), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n')
}
