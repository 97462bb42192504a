// bench/companies-tree.ts — the company tree (decision 027) on a generated tree of 100,000
// companies (depth up to 6, one node with 10,000 children) below the demo dealer, in the
// embedded database and, with TEST_DATABASE_URL, on PostgreSQL too. Each call goes through the
// /vue/ dispatcher in-process (token, frame, handler, envelope; no HTTP socket), N times after
// a warm-up: search2 with terms a dealer types (cities, names, customer numbers, no hits),
// and the first page of the 10,000-child node (sub-companies2?limit=200). The baseline, in the
// same run and the same way: a primary-key lookup of one company (the handler's statement
// shape: one row as JSON) and GET /vue/company/{id}/info/ (the lightest scoped call).
// Prints p50/p95/p99 and each p95's ratio to the baselines; times are never asserted. With a
// build (`npm run build`), also the tree screen in Chromium (bench/lib/company-tree-browser.ts).
// `npm run bench:companies-tree` (BENCH_COMPANIES, BENCH_WIDE, BENCH_REQUESTS to change sizes)
// Small mode (BENCH_SMALL=1): 2,000 companies, one with 500 children, 20 calls each, one
// browser run without warm-up; the browser part then needs the build.
import { existsSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { TREE_PAGE_SIZE } from '../src/contract/company-tree'
import { hotRead } from '../src/server/db/hot-read.server'
import { useDatabase } from '../src/server/db/instance.server'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/server/seed/demo-accounts'
import { handleVueRequest } from '../src/server/http-api/dispatch.server'
import { openFreshDatabase, type TestDatabase } from '../tests/helpers/fresh-database'
import { measureTreeScreen, type BrowserFigures } from './lib/company-tree-browser'
import { generateTree, type TreeShape } from './lib/company-tree-data'
import { SMALL, sized } from './lib/mode'
import { writeResult, type Figure } from './lib/result'
import { SERVER_ENTRY } from './lib/server'

const COMPANIES = sized('BENCH_COMPANIES', { full: 100_000, small: 2_000 })
const WIDE = sized('BENCH_WIDE', { full: 10_000, small: 500 })
const REQUESTS = sized('BENCH_REQUESTS', { full: 300, small: 20 })
const WARMUP = SMALL ? 3 : 30
const TARGET_MS = 20

const percentile = (values: ReadonlyArray<number>, p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}
type Figures = { name: string; p50: number; p95: number; p99: number; note: string }

async function measure(name: string, count: number, run: (i: number) => Promise<string | void>): Promise<Figures> {
  for (let i = 0; i < WARMUP; i++) await run(i)
  const times: number[] = []
  let slowest = { ms: 0, note: '' }
  for (let i = 0; i < count; i++) {
    const started = performance.now()
    const note = await run(i)
    const ms = performance.now() - started
    times.push(ms)
    if (note && ms > slowest.ms) slowest = { ms, note }
  }
  const note = slowest.note ? `slowest ${slowest.ms.toFixed(0)} ms: ${slowest.note}` : ''
  return { name, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), note }
}

const envelope = z.object({ status: z.boolean(), messages: z.array(z.string()), data: z.unknown() })

async function call(path: string, token: string): Promise<unknown> {
  const response = await handleVueRequest(new Request(`http://localhost${path}`, { headers: { authorization: `JWT ${token}`, 'accept-language': 'en' } }), {
    clientAddress: '127.0.0.1',
  })
  const body = envelope.parse(await response.json())
  if (response.status !== 200 || !body.status) throw new Error(`${path} answered ${response.status}: ${body.messages.join(' ')}`)
  return body.data
}

async function login(username: string): Promise<string> {
  const response = await handleVueRequest(
    new Request('http://localhost/vue/login/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: DEMO_PASSWORD }),
    }),
    { clientAddress: `10.9.0.${username.length}` },
  )
  return z.object({ data: z.object({ jwt: z.string() }) }).parse(await response.json()).data.jwt
}

const searchAnswer = z.object({ companies: z.array(z.unknown()), more: z.boolean() })
const pageAnswer = z.object({ companies: z.array(z.unknown()), total: z.number() })

// What a dealer types: parts of cities, names and customer numbers; some rare, some frequent, some absent.
const TERMS = [
  'lindenh',
  'Maurer',
  'eichenb',
  'SCHREIN',
  'tann',
  '5012',
  '543 21',
  'bad h',
  'weiß',
  'küchenstudio kraus',
  'xyzzy',
  'fuchs neu',
  'zimmer',
  '0999',
  'roth',
  'au',
]

async function runOn(label: string, engine: 'PGlite' | 'PostgreSQL', database: TestDatabase): Promise<Figure[]> {
  useDatabase(database)
  const started = performance.now()
  const shape: TreeShape = await generateTree(database.db, { dealerId: DEMO_ACCOUNTS.dealer.companyId, total: COMPANIES, wide: WIDE })
  const counted = (await database.db.execute(sql`select count(*)::int as n from companies`)) as unknown as { rows: Array<{ n: number }> }
  const n = counted.rows[0]?.n ?? 0
  console.log(`\n${label}: ${COMPANIES.toLocaleString('en')} companies generated in ${((performance.now() - started) / 1000).toFixed(1)} s (${n} in all)`)
  const dealer = await login(DEMO_ACCOUNTS.dealer.username)
  const staff = await login(DEMO_ACCOUNTS.staff.username)
  const someId = (i: number) => shape.firstId + ((i * 7919) % (shape.lastId - shape.firstId))
  const pkRead = {
    name: 'bench_pk_lookup',
    text: `select json_build_object('id', c.id, 'name1', c.name1, 'path', t.path) from companies c join company_tree t on t.company_id = c.id where c.id = $1`,
  }
  const terms = TERMS.filter((term) => term.trim().length >= 3)
  const rows = [
    await measure('baseline: primary-key lookup (SQL)', REQUESTS, async (i) => void (await hotRead(database.db, pkRead, [someId(i)]))),
    await measure('baseline: company info (/vue/)', REQUESTS, async (i) => void (await call(`/vue/company/${someId(i)}/info/`, dealer))),
    await measure(`sub-companies2, first page of ${WIDE.toLocaleString('en')}`, REQUESTS, async () => {
      const page = pageAnswer.parse(await call(`/vue/company/${shape.wideNodeId}/sub-companies2/?root=0&limit=${TREE_PAGE_SIZE}&offset=0`, dealer))
      return `${page.companies.length} of ${page.total}`
    }),
    await measure(`sub-companies2, root=1, a later page`, REQUESTS, async (i) => {
      const offset = TREE_PAGE_SIZE * (1 + (i % 40))
      pageAnswer.parse(await call(`/vue/company/${shape.wideNodeId}/sub-companies2/?root=1&limit=${TREE_PAGE_SIZE}&offset=${offset}`, dealer))
    }),
    await measure('search2 as the dealer', REQUESTS, async (i) => {
      const term = terms[i % terms.length]!
      const answer = searchAnswer.parse(await call(`/vue/company/${DEMO_ACCOUNTS.dealer.companyId}/search2/?search=${encodeURIComponent(term)}`, dealer))
      return `“${term}”, ${answer.companies.length}${answer.more ? '+' : ''} hits`
    }),
    await measure('search2 as staff (whole tree)', REQUESTS, async (i) => {
      const term = terms[(i * 3) % terms.length]!
      const answer = searchAnswer.parse(await call(`/vue/company/${DEMO_ACCOUNTS.staff.companyId}/search2/?search=${encodeURIComponent(term)}`, staff))
      return `“${term}”, ${answer.companies.length}${answer.more ? '+' : ''} hits`
    }),
  ]
  const [pk, info] = rows as [Figures, Figures]
  console.log(`${REQUESTS} calls each after ${WARMUP} warm-up calls; ms; ratios of p95 to the baselines' p95\n`)
  console.log('call'.padEnd(42), 'p50'.padStart(7), 'p95'.padStart(7), 'p99'.padStart(7), '÷pk'.padStart(7), '÷info'.padStart(7), ' target')
  for (const row of rows) {
    const target = row.name.startsWith('baseline') ? '' : row.p95 <= TARGET_MS ? ` p95 ≤ ${TARGET_MS} ms: met` : ` p95 ≤ ${TARGET_MS} ms: NOT met`
    console.log(
      row.name.padEnd(42),
      row.p50.toFixed(2).padStart(7),
      row.p95.toFixed(2).padStart(7),
      row.p99.toFixed(2).padStart(7),
      (row.p95 / pk.p95).toFixed(1).padStart(7),
      (row.p95 / info.p95).toFixed(2).padStart(7),
      target,
      row.note ? `(${row.note})` : '',
    )
  }
  return rows
    .filter((row) => !row.name.startsWith('baseline'))
    .map((row) => ({
      figure: `${engine}: ${row.name}, p95`,
      value: row.p95,
      unit: 'ms',
      baseline: { figure: 'company info (/vue/), p95', value: info.p95 },
      target: { of: 'value', bound: 'max', limit: TARGET_MS },
    }))
}

/** The tree screen in Chromium, when a build is there (BENCH_BROWSER=0 leaves it out). */
async function runBrowser(): Promise<Figure[]> {
  const built = existsSync(SERVER_ENTRY)
  if (SMALL && !built && process.env.BENCH_BROWSER !== '0') throw new Error(`No build (${SERVER_ENTRY}): small mode runs the tree screen too`)
  if (process.env.BENCH_BROWSER === '0' || !built) {
    console.log('\nTree screen in Chromium: skipped (needs `npm run build`; BENCH_BROWSER=0 skips it)')
    return []
  }
  const runs = sized('BENCH_BROWSER_RUNS', { full: 9, small: 1 })
  const warmups = SMALL ? 0 : 2
  const rows = await measureTreeScreen({ companies: COMPANIES, wide: WIDE, runs, warmups })
  const [baseline] = rows as [BrowserFigures]
  console.log(
    `\nTree screen in Chromium (built server, embedded database), ${runs} runs after ${warmups} warm-up runs; ms from navigation start to hydrated with rows`,
  )
  console.log('screen'.padEnd(52), 'median'.padStart(8), 'p95'.padStart(8), '÷base'.padStart(7), ' target')
  for (const row of rows) {
    const target = row === baseline ? '' : row.median <= 200 ? ' ≤ 200 ms: met' : ' ≤ 200 ms: NOT met'
    console.log(
      row.name.padEnd(52),
      row.median.toFixed(0).padStart(8),
      row.p95.toFixed(0).padStart(8),
      (row.median / baseline.median).toFixed(2).padStart(7),
      target,
    )
  }
  return rows.slice(1).map((row) => ({
    figure: `Chromium: ${row.name}, median`,
    value: row.median,
    unit: 'ms',
    baseline: { figure: baseline.name, value: baseline.median },
    target: { of: 'value', bound: 'max', limit: 200 },
  }))
}

async function main(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL
  // The embedded database first (openFreshDatabase uses PostgreSQL when TEST_DATABASE_URL is set).
  delete process.env.TEST_DATABASE_URL
  const embedded = await openFreshDatabase({ seed: true })
  const figures: Figure[] = []
  try {
    figures.push(...(await runOn('Embedded database (PGlite, in memory)', 'PGlite', embedded)))
  } finally {
    await embedded.dispose()
  }
  figures.push(...(await runBrowser()))
  if (url) {
    process.env.TEST_DATABASE_URL = url
    const postgres = await openFreshDatabase({ seed: true })
    try {
      figures.push(...(await runOn('PostgreSQL (TEST_DATABASE_URL)', 'PostgreSQL', postgres)))
    } finally {
      await postgres.dispose()
    }
  } else {
    console.log('\nPostgreSQL: skipped (set TEST_DATABASE_URL to measure it too)')
  }
  writeResult(figures)
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
