import { describe, expect, it } from 'vitest'
import { END_MARK, HEADLINES, START_MARK, readmeRunLine, readmeTable, withReadmeTable } from '../../bench/lib/readme-table'
import { combineRuns, combinedTable, median, medianMet } from '../../bench/lib/runs'
import type { Outcome } from '../../bench/lib/summary-table'

// Several full benchmark runs told as one (bench/lib/runs.ts) and the README's table of them
// (bench/lib/readme-table.ts): medians, spreads, each ratio taken within its own run.
const run = (value: number, bare: number, p99: number): Outcome[] => [
  {
    name: 'api',
    seconds: 10,
    figures: [
      {
        figure: 'companies screen, signed in (SSR), embedded, 50 conn.',
        value,
        unit: 'req/s',
        baseline: { figure: 'bare node:http', value: bare },
        target: { of: 'ratio', bound: 'min', limit: 0.01 },
      },
    ],
  },
  {
    name: 'load',
    seconds: 20,
    figures: [{ figure: 'companies screen, signed in: p99 at 200 connections', value: p99, unit: 'ms', target: { of: 'value', bound: 'max', limit: 1000 } }],
  },
]

describe('several runs told as one', () => {
  it('takes the median of each figure, and of each run’s own ratio', () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 3, 2])).toBe(2.5)
    // Run 2 is the fastest in req/s but its bare server was faster still: its ratio is the lowest.
    const [screen, p99] = combineRuns([run(800, 80_000, 900), run(1_000, 200_000, 1_200), run(700, 60_000, 800)])
    expect(screen!.values).toEqual([800, 1_000, 700])
    expect(median(screen!.values)).toBe(800)
    expect(screen!.ratios.map((ratio) => Number(ratio.toFixed(4)))).toEqual([0.01, 0.005, 0.0117])
    expect(median(screen!.ratios)).toBe(0.01)
    expect(medianMet(screen!)).toBe(true)
    expect(median(p99!.values)).toBe(900)
    expect(medianMet(p99!)).toBe(true)
  })

  it('says in how many runs a figure was measured, and which benchmark did not run', () => {
    const failed: Outcome[] = [{ name: 'api', seconds: 1, figures: [], failure: 'exited with 1' }, ...run(0, 1, 0).slice(1)]
    const entries = combineRuns([run(800, 80_000, 900), failed, run(700, 60_000, 800)])
    expect(entries[0]!.measured).toBe(2)
    const table = combinedTable(entries, [{ name: 'api', failures: 1 }])
    expect(table).toContain('(2 of 3 runs)')
    expect(table).toContain('DID NOT RUN in 1 run')
    expect(table).toMatch(/\| 750 req\/s +\| 700–800 +\|/)
  })
})

describe('the README’s table', () => {
  it('shows every headline figure with its median, spread and ratio, and says which are not measured', () => {
    const table = readmeTable(combineRuns([run(800, 80_000, 900), run(1_000, 200_000, 1_200), run(700, 60_000, 800)]), 'The median of 3 runs.')
    expect(table.split('\n')).toHaveLength(4 + HEADLINES.length)
    expect(table).toContain('| Companies screen, signed in | 800 req/s | 700–1,000 | 0.010 × (0.005–0.012) | ≥ 0.010 × | met |')
    expect(table).toContain('| Companies screen, p99 at 200 connections | 900 ms | 800–1,200 | — | ≤ 1,000 ms | met |')
    expect(table).toContain('| Contacts screen, signed in | not measured |')
  })

  it('is written between its markers and nowhere else, and a README without them is an error', () => {
    const readme = `# Title\n\n${START_MARK}\nold\n${END_MARK}\n\nafter\n`
    expect(withReadmeTable(readme, 'new')).toBe(`# Title\n\n${START_MARK}\nnew\n${END_MARK}\n\nafter\n`)
    expect(() => withReadmeTable('# Title\n', 'new')).toThrow(/markers/)
  })
})

describe('the line above the README’s table', () => {
  it('names each run’s start, the machine and the commit', () => {
    const lines = [
      '2026-11-28 17:28 UTC, 2 × Intel(R) Xeon(R) Processor, Node v22.23.3, load 3.4 at the start, 2.3 at the end',
      '2026-11-28 18:00 UTC, 2 × Intel(R) Xeon(R) Processor, Node v22.23.3, load 2.3 at the start, 1.9 at the end',
      '2026-11-28 18:32 UTC, 2 × Intel(R) Xeon(R) Processor, Node v22.23.3, load 1.9 at the start, 2.1 at the end',
    ]
    const line = readmeRunLine(lines, '61c889f')
    expect(line).toContain('The median of 3 full runs of `npm run build && npm run bench -- --runs 3`')
    // Every start, not a range whose end would read as the last run's end.
    expect(line).toContain('(started 2026-11-28 17:28, 2026-11-28 18:00, 2026-11-28 18:32 UTC)')
    expect(line).toContain('2 × Intel(R) Xeon(R) Processor, Node v22.23.3, commit 61c889f;')
  })
})
