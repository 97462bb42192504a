// bench/faults.ts's table: one row per fault, its notes under it.
import { STATUS_COLUMNS, type Tally } from './fault-traffic'

export type FaultRow = Tally & {
  fault: string
  server: string
  /** How long the fault lasted. */
  seconds: number
  /** Every write the server confirmed so far, each read back after this fault. */
  checked: number
  lost: number
  /** From the fault's end to the first success of the loops that then kept succeeding; undefined: not within a minute. */
  recoveryMs: number | undefined
  note: string
}

const cells: Array<{ title: string; width: number; of: (row: FaultRow) => string }> = [
  { title: 'fault', width: 52, of: (row) => row.fault },
  { title: 'server', width: 8, of: (row) => row.server },
  { title: 'lasted', width: 7, of: (row) => `${row.seconds.toFixed(1)} s` },
  { title: 'confirmed', width: 9, of: (row) => String(row.confirmed) },
  { title: 'lost', width: 11, of: (row) => `${row.lost} of ${row.checked}` },
  ...STATUS_COLUMNS.map((status) => ({
    title: status === 'none' ? 'no answer' : status,
    width: status === 'none' ? 9 : 5,
    of: (row: FaultRow) => String(row.statuses[status] ?? 0),
  })),
  { title: '503 w/o Retry-After', width: 19, of: (row) => String(row.without503RetryAfter) },
  { title: '/health ≠200', width: 12, of: (row) => String(row.healthNot200) },
  { title: '/ready ≠200', width: 11, of: (row) => String(row.readyNot200) },
  { title: 'cached ≠200', width: 11, of: (row) => String(row.cachedNot200) },
  { title: 'cached slowest', width: 14, of: (row) => `${Math.round(row.cachedSlowestMs)} ms` },
  { title: 'recovery', width: 8, of: (row) => (row.recoveryMs === undefined ? '> 60 s' : `${(row.recoveryMs / 1000).toFixed(1)} s`) },
  { title: 'manual step needed', width: 18, of: (row) => (row.recoveryMs === undefined ? 'yes' : 'no') },
]

export function printFaultTable(rows: FaultRow[], context: { small: boolean; loopsAddress: string }): void {
  console.log(
    `\nDatabase faults${context.small ? ' (small mode)' : ''}: a write loop (new delivery addresses), two read loops (the company's contacts) and a cached loop (its info) from ${context.loopsAddress}, /health and /ready every 250 ms.`,
  )
  console.log('Answers are the loops\' calls from the fault\'s start until they succeeded again ("no answer": none within 15 s or the connection failed);')
  console.log(
    '"lost" reads back every write the server confirmed so far. Recovery: from the fault\'s end to the first success of the loops that then kept succeeding.\n',
  )
  console.log(cells.map((cell) => cell.title.padEnd(cell.width)).join(' | '))
  console.log(cells.map((cell) => '-'.repeat(cell.width)).join('-|-'))
  for (const row of rows) console.log(cells.map((cell) => cell.of(row).padEnd(cell.width)).join(' | '))
  console.log('')
  for (const row of rows) console.log(`${row.fault}: ${row.note}`)
  const problems = rows.flatMap((row) => [
    ...(row.lost > 0 ? [`${row.fault}: ${row.lost} confirmed writes lost`] : []),
    ...(row.failed500 > 0 ? [`${row.fault}: ${row.failed500} answers 500`] : []),
    ...(row.recoveryMs === undefined ? [`${row.fault}: no recovery within 60 s`] : []),
  ])
  console.log(problems.length === 0 ? '\nNo confirmed write lost, no 500, every fault healed by itself.' : `\nFAILED:\n  ${problems.join('\n  ')}`)
}
