import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { openApiDocument } from '../../src/server/http-api/openapi.server'
import { handleVueRequest } from '../../src/server/http-api/dispatch.server'
import { startApi, type TestApi } from '../helpers/api'
import { casesOf, requestOf, type Case, type Who } from './cases'
import { isInLanguage } from './languages'
import { operationsOf } from './operations'
import { checksum, takeWrites, watchWrites, WRITTEN_ON_REFUSAL } from './write-watch'

// Generated hostile input for every operation of /vue/openapi.json (decision 034): valid inputs
// from the document's schemas, each mutated once (cases.ts). Every answer: no 5xx, a status the
// document lists for the operation, the envelope with messages in the caller's language, and
// after a refused call nothing written (write-watch.ts; every 25th case also a checksum of every
// table before and after). `npm test` runs FUZZ_RUNS (100) cases per operation, `npm run fuzz`
// 1,000 and prints the table; FUZZ_SEED repeats a run.
const RUNS = Number(process.env.FUZZ_RUNS ?? 100)
const SEED = Number(process.env.FUZZ_SEED ?? 27)
const CHECKSUM_EVERY = 25

const envelope = z.object({ status: z.boolean(), messages: z.array(z.string()), data: z.unknown().optional(), error: z.string().optional() })
const { operations, resolve } = operationsOf(openApiDocument())

type Tally = { cases: number; statuses: Map<number, number>; refused: number; checksums: number }
const tallies = new Map<string, Tally>()

let api: TestApi
const tokens: Record<Exclude<Who, 'nobody' | 'garbage'>, string> = { staff: '', dealer: '', carpenter: '', translator: '' }

async function signIn(): Promise<void> {
  for (const role of ['staff', 'dealer', 'carpenter', 'translator'] as const) {
    tokens[role] = await api.loginAs(DEMO_ACCOUNTS[role].username).catch(() => 'signed-out')
  }
}

beforeAll(async () => {
  api = await startApi()
  await watchWrites(api.database.db)
  await signIn()
}, 120_000)

afterAll(async () => {
  await api.close()
  const rows = [...tallies].map(([id, tally]) => {
    const statuses = [...tally.statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`)
    return `${id.padEnd(58)} ${String(tally.cases).padStart(6)} ${String(tally.refused).padStart(7)} ${String(tally.checksums).padStart(5)}  ${statuses.join(' ')}`
  })
  console.log(
    [
      `\nFuzz (seed ${SEED}, ${RUNS} cases per operation): no 5xx, documented statuses, envelope in the caller's language, nothing written on refusal`,
      `${'operation'.padEnd(58)} ${'cases'.padStart(6)} ${'refused'.padStart(7)} ${'sums'.padStart(5)}  statuses`,
      ...rows,
    ].join('\n'),
  )
})

let sequence = 0

async function check(op: (typeof operations)[number], c: Case, tally: Tally): Promise<void> {
  sequence += 1
  const withSum = sequence % CHECKSUM_EVERY === 0
  const before = withSum ? await checksum(api.database.db) : ''
  await takeWrites(api.database.db)
  const request = requestOf(op, c, tokens)
  // A different client address per case, so login throttling answers only where it should.
  const response = await handleVueRequest(request, { clientAddress: `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}` })
  const status = response.status
  tally.cases += 1
  tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1)
  const text = await response.text()
  const where = `${op.method} ${new URL(request.url).pathname} as ${c.who} (${c.locale}), mutation ${JSON.stringify(c.mutation).slice(0, 200)}`
  expect(status, `${where}: ${text.slice(0, 300)}`).toBeLessThan(500)
  expect([...op.statuses], `${where}: status ${status} is not documented`).toContain(status)
  const answer = envelope.safeParse(JSON.parse(text))
  expect(answer.success, `${where}: not the envelope: ${text.slice(0, 300)}`).toBe(true)
  if (!answer.success) return
  expect(answer.data.status, where).toBe(status < 400)
  if (status < 400) return
  tally.refused += 1
  expect(answer.data.messages.length, `${where}: a refusal without a message`).toBeGreaterThan(0)
  for (const message of answer.data.messages) expect(isInLanguage(message, c.locale), `${where}: "${message}" is not in ${c.locale}`).toBe(true)
  const written = (await takeWrites(api.database.db)).filter((entry) => !WRITTEN_ON_REFUSAL.has(entry.split(' ')[0]!))
  expect(written, `${where}: a refused call wrote`).toEqual([])
  if (withSum) {
    tally.checksums += 1
    expect(await checksum(api.database.db), `${where}: a refused call changed a table`).toBe(before)
  }
}

describe('generated hostile input, every operation of /vue/openapi.json', () => {
  for (const op of operations) {
    it(`${op.method} ${op.path}`, { timeout: Math.max(60_000, RUNS * 600) }, async () => {
      const tally: Tally = { cases: 0, statuses: new Map(), refused: 0, checksums: 0 }
      tallies.set(`${op.method} ${op.path}`, tally)
      // A run before may have deactivated or deleted a demo user (valid generated edits do).
      await signIn()
      await fc.assert(
        fc.asyncProperty(casesOf(op, resolve), (c) => check(op, c, tally)),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      )
    })
  }
})
