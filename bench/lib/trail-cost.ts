// The cost of an activity trail row (decision 053), for bench/api.ts: in one process, on a fresh
// database of its own, the same statements timed one by one in alternating turns (a drift of
// the machine's load falls on each alike), medians and their ratios printed.
//   - an insert into an ordinary table of the trail's shape (its columns and indexes, no
//     triggers) beside the same insert into `activity`, whose trigger takes the chain's advisory
//     lock, gives the id and time and computes the SHA-256 hash over the row and the previous one;
//   - a plain write (an address's phone changed, as the address edit does) beside the same write
//     followed by its trail row, the way the endpoint frame appends it once the handler is done.
// Each statement commits on its own, as the frame's insert does. There is no switch to turn the
// trail off for an API call, so the call itself is not measured twice.
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { openFreshDatabase } from '../../tests/helpers/fresh-database'
import { sized } from './mode'
import type { Figure } from './result'

const TURNS = 8
const PER_TURN = sized('BENCH_TRAIL_OPS', { full: 250, small: 25 })
const KINDS = ['plain insert', 'trail insert', 'plain write', 'write + trail row'] as const
type Kind = (typeof KINDS)[number]

type Database = Awaited<ReturnType<typeof openFreshDatabase>>

const rowValues = (requestId: string) =>
  sql`2, 3, 'delivery.edit', 'done', 'delivery_address 7', ${JSON.stringify({ phone: ['+49 89 123456', '+49 89 654321'] })}::jsonb, null, '127.0.0.1', ${requestId}, '', ''`

async function insertPlain(db: Database['db'], n: number): Promise<void> {
  await db.execute(
    sql`insert into bench_plain_activity (id, actor_user_id, company_id, action, outcome, target, changes, details, address, request_id, prev_hash, hash) values (nextval('bench_plain_activity_id'), ${rowValues(`bench-${n}`)})`,
  )
}

async function insertTrail(db: Database['db'], n: number): Promise<void> {
  // id, prev_hash and hash are the trigger's, as in recordActivity.
  await db.execute(
    sql`insert into activity (id, actor_user_id, company_id, action, outcome, target, changes, details, address, request_id, prev_hash, hash) values (0, ${rowValues(`bench-${n}`)})`,
  )
}

async function write(db: Database['db'], address: number, n: number): Promise<void> {
  await db.execute(sql`update delivery_addresses set phone = ${`+49 89 ${100000 + n}`} where id = ${address}`)
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

async function measure(name: string, database: Database): Promise<Figure[]> {
  const { db } = database
  await db.execute(sql`create table bench_plain_activity (like activity including all)`)
  await db.execute(sql`create sequence bench_plain_activity_id`)
  const found = await db.execute(sql`select id from delivery_addresses order by id limit 1`)
  const address = z.object({ rows: z.tuple([z.object({ id: z.coerce.number().int() })]) }).parse(found).rows[0].id
  const runs: Record<Kind, (n: number) => Promise<void>> = {
    'plain insert': (n) => insertPlain(db, n),
    'trail insert': (n) => insertTrail(db, n),
    'plain write': (n) => write(db, address, n),
    'write + trail row': async (n) => {
      await write(db, address, n)
      await insertTrail(db, n)
    },
  }
  const times: Record<Kind, number[]> = { 'plain insert': [], 'trail insert': [], 'plain write': [], 'write + trail row': [] }
  let n = 0
  // A warm-up turn, not counted.
  for (const kind of KINDS) for (let i = 0; i < PER_TURN; i++) await runs[kind](n++)
  for (let turn = 0; turn < TURNS; turn++) {
    // Each turn starts with another kind: none is always first after a pause.
    const order = KINDS.map((_, i) => KINDS[(i + turn) % KINDS.length]!)
    for (const kind of order) {
      for (let i = 0; i < PER_TURN; i++) {
        const start = performance.now()
        await runs[kind](n++)
        times[kind].push(performance.now() - start)
      }
    }
  }
  const us = (kind: Kind) => median(times[kind]) * 1000
  const insertRatio = us('trail insert') / us('plain insert')
  const writeRatio = us('write + trail row') / us('plain write')
  console.log(`\nthe cost of a trail row, ${name}: median of ${TURNS * PER_TURN} statements each, alternating turns of ${PER_TURN}`)
  for (const kind of KINDS) console.log(`  ${kind.padEnd(20)} ${us(kind).toFixed(0).padStart(7)} µs`)
  console.log(`  insert into activity ÷ the same insert into an ordinary table: ${insertRatio.toFixed(2)} ×`)
  console.log(`  a write with its trail row ÷ the same write alone:            ${writeRatio.toFixed(2)} ×`)
  return [
    {
      figure: `an insert into activity (trigger, chain hash, advisory lock), ${name}`,
      value: us('trail insert'),
      unit: 'µs median',
      baseline: { figure: 'the same insert into an ordinary table', value: us('plain insert') },
    },
    {
      figure: `an address write with its trail row, ${name}`,
      value: us('write + trail row'),
      unit: 'µs median',
      baseline: { figure: 'the same write alone', value: us('plain write') },
    },
  ]
}

/** The embedded database, and PostgreSQL (a database of its own beside the run's) with `postgresUrl`. */
export async function trailCost(postgresUrl: string | undefined): Promise<Figure[]> {
  const saved = process.env.TEST_DATABASE_URL
  const figures: Figure[] = []
  try {
    for (const [name, url] of [
      ['embedded', undefined],
      ['PostgreSQL', postgresUrl],
    ] as const) {
      if (name === 'PostgreSQL' && !url) continue
      // openFreshDatabase takes PostgreSQL from TEST_DATABASE_URL, PGlite without it.
      if (url) process.env.TEST_DATABASE_URL = url
      else delete process.env.TEST_DATABASE_URL
      const database = await openFreshDatabase({ seed: true })
      try {
        figures.push(...(await measure(name, database)))
      } finally {
        await database.dispose()
      }
    }
  } finally {
    if (saved === undefined) delete process.env.TEST_DATABASE_URL
    else process.env.TEST_DATABASE_URL = saved
  }
  return figures
}
