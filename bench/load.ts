// 200 connections without pause (decision 033): far more than 200 people clicking. The built server
// on the embedded database; autocannon keeps 200 connections busy for BENCH_LOAD_SECONDS (60)
// against each target — the anonymous home page, the four signed-in screens rendered on the server
// (companies, contacts, basket approval as staff, the translation desk's first paint as a
// translator), the basket list (dealer, default page) and company info — and counts
// answers that took longer than 10 s as unanswered. Targets: 0 unanswered, 0 errors, p99 ≤ 1 s.
// Halfway through each signed-in screen, 50 visitors arrive on new connections at once (one
// request each): the slowest of them may wait at most twice the busy connections' p99 (a server
// that renders its whole queue in one turn of its loop accepted one connection per turn, and a
// newcomer waited for seconds in the kernel's queue: decision 033).
// Then memory: after a warm-up, 100,000 mixed requests; the server's RSS may grow by 10 % at
// most. Prints one table; never asserts a time. `npm run build && npm run bench:load`
// (BENCH_SMALL=1: 20 connections, 2 s, 2,000 mixed requests).
import { readFileSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { benchFolder, freePort, requireBuild, startBuiltServer, stop, waitFor } from './lib/server'
import { SMALL } from './lib/mode'
import { writeResult, type Figure } from './lib/result'
import { BENCH_JWT_SECRET, signedIn } from './lib/signed-in'

const CONNECTIONS = SMALL ? 20 : Number(process.env.BENCH_LOAD_CONNECTIONS ?? 200)
const SECONDS = SMALL ? 2 : Number(process.env.BENCH_LOAD_SECONDS ?? 60)
const MIXED = SMALL ? 2_000 : 100_000
const UNANSWERED_AFTER_S = 10
const P99_TARGET_MS = 1_000
const RSS_GROWTH_TARGET = 0.1
const NEWCOMERS = SMALL ? 10 : 50
const NEWCOMER_TARGET = 2

type Target = { name: string; path: string; headers: Record<string, string>; newcomers?: boolean }
type Newcomers = { slowest: number; unanswered: number; errors: number }
type Row = { name: string; rps: number; p50: number; p99: number; max: number; unanswered: number; errors: number; newcomers?: Newcomers }

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

/** One request on a connection of its own (no keep-alive agent): how long until its answer's end, in ms; null if none came. */
function onNewConnection(origin: string, target: Target): Promise<{ ms: number | null; status: number }> {
  return new Promise((resolve) => {
    const began = performance.now()
    const call = request(`${origin}${target.path}`, { headers: { ...target.headers, connection: 'close' }, agent: false }, (response) => {
      response.resume()
      response.on('end', () => resolve({ ms: performance.now() - began, status: response.statusCode ?? 0 }))
    })
    call.setTimeout(UNANSWERED_AFTER_S * 1000, () => {
      call.destroy()
      resolve({ ms: null, status: 0 })
    })
    call.on('error', () => resolve({ ms: null, status: 0 }))
    call.end()
  })
}

async function newcomers(origin: string, target: Target): Promise<Newcomers> {
  const answers = await Promise.all(Array.from({ length: NEWCOMERS }, () => onNewConnection(origin, target)))
  return {
    slowest: Math.round(Math.max(...answers.map((answer) => answer.ms ?? UNANSWERED_AFTER_S * 1000))),
    unanswered: answers.filter((answer) => answer.ms === null).length,
    errors: answers.filter((answer) => answer.ms !== null && answer.status !== 200).length,
  }
}

async function hammer(origin: string, target: Target): Promise<Row> {
  const load = autocannon({
    url: `${origin}${target.path}`,
    headers: target.headers,
    connections: CONNECTIONS,
    duration: SECONDS,
    timeout: UNANSWERED_AFTER_S,
  })
  const arrivals = target.newcomers
    ? new Promise<Newcomers>((resolve) => setTimeout(() => resolve(newcomers(origin, target)), (SECONDS * 1000) / 2))
    : undefined
  const [result, arrived] = await Promise.all([load, arrivals])
  return {
    newcomers: arrived,
    name: target.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    unanswered: result.timeouts,
    errors: result.errors - result.timeouts + result.non2xx,
  }
}

async function main(): Promise<void> {
  requireBuild()
  const work = benchFolder('bench-load-')
  const port = await freePort(3450, 3490)
  const origin = `http://127.0.0.1:${port}`
  const child = startBuiltServer({ port, dataDir: join(work, 'data'), env: { JWT_SECRET: BENCH_JWT_SECRET } })
  try {
    await waitFor(`${origin}/vue/maintenance/`, 120_000, child)
    const dealer = await signedIn(origin, 'dealer')
    const staff = await signedIn(origin, 'staff')
    const translator = await signedIn(origin, 'translator')
    const company = DEMO_ACCOUNTS.dealer.companyId
    const api = { authorization: `JWT ${dealer.token}` }
    const page = { cookie: dealer.cookie }
    const targets: Target[] = [
      { name: 'home page, anonymous', path: '/', headers: {} },
      { name: 'companies screen, signed in', path: `/companies/${company}`, headers: page, newcomers: true },
      { name: 'contacts screen, signed in', path: '/overview-contacts', headers: page, newcomers: true },
      { name: 'basket approval, signed in (staff)', path: '/order-approve', headers: { cookie: staff.cookie }, newcomers: true },
      { name: 'translation desk, first paint', path: '/vartext?dst=fr', headers: { cookie: translator.cookie }, newcomers: true },
      { name: 'basket list (dealer, default page)', path: `/vue/basket/list/?dealer=${company}&tab=open&page=1&number_per_page=25`, headers: api },
      { name: 'company info', path: `/vue/company/${company}/info/`, headers: api },
    ]
    for (const target of targets) {
      const check = await fetch(`${origin}${target.path}`, { headers: target.headers, redirect: 'manual' })
      if (check.status !== 200) throw new Error(`${target.path} answered ${check.status}`)
    }
    const rows: Row[] = []
    for (const target of targets) rows.push(await hammer(origin, target))

    // Memory: warm up with the mix, then 100,000 more of it.
    const mix = targets.map((target) => ({ method: 'GET' as const, path: target.path, headers: target.headers }))
    await autocannon({ url: origin, requests: mix, connections: 50, amount: Math.min(MIXED, 20_000) })
    const before = rssMb(child.pid!)
    const mixed = await autocannon({ url: origin, requests: mix, connections: 50, amount: MIXED, timeout: UNANSWERED_AFTER_S })
    const after = rssMb(child.pid!)

    console.log(`\n${CONNECTIONS} connections, ${SECONDS} s each, unanswered = no answer within ${UNANSWERED_AFTER_S} s\n`)
    console.log(
      'target'.padEnd(36),
      'req/s'.padStart(8),
      'p50 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'max ms'.padStart(8),
      'unansw.'.padStart(8),
      'errors'.padStart(7),
      '',
    )
    let met = true
    for (const row of rows) {
      const ok = row.unanswered === 0 && row.errors === 0 && row.p99 <= P99_TARGET_MS
      met &&= ok
      console.log(
        row.name.padEnd(36),
        row.rps.toFixed(0).padStart(8),
        String(row.p50).padStart(8),
        String(row.p99).padStart(8),
        String(row.max).padStart(8),
        String(row.unanswered).padStart(8),
        String(row.errors).padStart(7),
        ok ? ' met' : ' NOT MET',
      )
    }
    console.log(`\n${NEWCOMERS} visitors on new connections at once, halfway through (target: slowest ≤ ${NEWCOMER_TARGET} × the busy connections' p99)\n`)
    for (const row of rows) {
      if (!row.newcomers) continue
      const { slowest, unanswered, errors } = row.newcomers
      const ok = unanswered === 0 && errors === 0 && slowest <= NEWCOMER_TARGET * Math.max(row.p99, 1)
      met &&= ok
      console.log(
        row.name.padEnd(36),
        `slowest ${slowest} ms = ${(slowest / Math.max(row.p99, 1)).toFixed(2)} × p99, ${unanswered} unanswered, ${errors} errors`,
        ok ? ' met' : ' NOT MET',
      )
    }
    const figures: Figure[] = rows.flatMap((row): Figure[] => [
      { figure: `${row.name}: p99 at ${CONNECTIONS} connections`, value: row.p99, unit: 'ms', target: { of: 'value', bound: 'max', limit: P99_TARGET_MS } },
      {
        figure: `${row.name}: unanswered after ${UNANSWERED_AFTER_S} s`,
        value: row.unanswered,
        unit: 'requests',
        target: { of: 'value', bound: 'max', limit: 0 },
      },
      { figure: `${row.name}: errors`, value: row.errors, unit: 'requests', target: { of: 'value', bound: 'max', limit: 0 } },
      ...(row.newcomers
        ? [
            {
              figure: `${row.name}: slowest of ${NEWCOMERS} new connections at once during the load`,
              value: row.newcomers.slowest,
              unit: 'ms',
              baseline: { figure: `p99 of the ${CONNECTIONS} busy connections`, value: row.p99 },
              target: { of: 'ratio' as const, bound: 'max' as const, limit: NEWCOMER_TARGET },
            },
            {
              figure: `${row.name}: new connections unanswered or refused`,
              value: row.newcomers.unanswered + row.newcomers.errors,
              unit: 'requests',
              target: { of: 'value' as const, bound: 'max' as const, limit: 0 },
            },
          ]
        : []),
    ])
    const growth = (after - before) / before
    const memoryOk = growth <= RSS_GROWTH_TARGET && mixed.timeouts === 0 && mixed.non2xx === 0
    met &&= memoryOk
    figures.push({
      figure: `RSS after ${MIXED.toLocaleString('en')} mixed requests`,
      value: after,
      unit: 'MB',
      baseline: { figure: 'RSS after warm-up', value: before },
      target: { of: 'ratio', bound: 'max', limit: 1 + RSS_GROWTH_TARGET },
    })
    writeResult(figures)
    console.log(
      `\nmemory: ${MIXED.toLocaleString('en')} mixed requests after a warm-up: RSS ${before.toFixed(0)} → ${after.toFixed(0)} MB (${(growth * 100).toFixed(1)} %, target ≤ ${RSS_GROWTH_TARGET * 100} %), ` +
        `${mixed.non2xx} non-2xx, ${mixed.timeouts} unanswered${memoryOk ? '  met' : '  NOT MET'}`,
    )
    console.log(
      `\n${met ? 'MET' : 'NOT MET'}: ${CONNECTIONS} connections — 0 unanswered, 0 errors, p99 ≤ ${P99_TARGET_MS} ms; newcomers ≤ ${NEWCOMER_TARGET} × p99; RSS growth ≤ 10 %`,
    )
  } finally {
    await stop(child)
    rmSync(work, { recursive: true, force: true })
  }
}

await main()
