// Slow clients (decision 051): BENCH_DRIPS (300) clients send a login's body a byte a second
// over raw sockets — once from one address, once from as many addresses (X-Forwarded-For, the
// server runs with TRUST_PROXY=1) — while a normal client logs in and asks for company info in a
// loop. Beside a baseline in the same run without drips it prints the normal client's median and
// p99 and its 503s, and how the drips ended. `npm run build && npm run bench:slow-clients`
// (BENCH_SMALL=1: 30 drips, 3 s). Never asserts a time.
import { join } from 'node:path'
import { z } from 'zod'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/server/seed/demo-accounts'
import { drip } from '../tests/helpers/drip'
import { sized } from './lib/mode'
import { writeResult, type Figure } from './lib/result'
import { benchFolder, freePort, requireBuild, startBuiltServer, stop, waitFor } from './lib/server'

const DRIPS = sized('BENCH_DRIPS', { full: 300, small: 30 })
const SECONDS = sized('BENCH_SLOW_SECONDS', { full: 10, small: 3 })
// Bodies get this long, so each phase sees its drips ended.
const BODY_TIMEOUT_MS = SECONDS * 1000
const NORMAL = '10.200.0.1'

type Phase = { name: string; calls: number; p50: number; p99: number; refused: number; failed: number; drips: Record<string, number>; lastDripEndedMs: number }

const loginAnswer = z.object({ data: z.object({ jwt: z.string() }).optional() })

/** The normal client for `ms`: a login, then company info calls, one after the other. */
async function normalClient(origin: string, ms: number): Promise<{ times: number[]; refused: number; failed: number }> {
  const times: number[] = []
  let refused = 0
  let failed = 0
  const until = Date.now() + ms
  let jwt: string | undefined
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': NORMAL }
  while (Date.now() < until) {
    const started = Date.now()
    const response = jwt
      ? await fetch(`${origin}/vue/company/${DEMO_ACCOUNTS.dealer.companyId}/info/`, { headers: { ...headers, authorization: `JWT ${jwt}` } })
      : await fetch(`${origin}/vue/login/`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ username: DEMO_ACCOUNTS.dealer.username, password: DEMO_PASSWORD }),
        })
    const body: unknown = await response.json()
    times.push(Date.now() - started)
    if (response.status === 503) refused += 1
    else if (response.status !== 200) failed += 1
    else jwt ??= loginAnswer.parse(body).data?.jwt
  }
  return { times, refused, failed }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0
}

async function phase(name: string, origin: string, port: number, addresses: ((i: number) => string | undefined) | null): Promise<Phase> {
  const drips = addresses ? Array.from({ length: DRIPS }, (_, i) => drip(port, { forwardedFor: addresses(i), giveUpMs: BODY_TIMEOUT_MS * 4 })) : []
  const normal = await normalClient(origin, SECONDS * 1000)
  const ended = await Promise.all(drips)
  const counts: Record<string, number> = {}
  for (const one of ended) counts[one.status] = (counts[one.status] ?? 0) + 1
  return {
    name,
    calls: normal.times.length,
    p50: percentile(normal.times, 50),
    p99: percentile(normal.times, 99),
    refused: normal.refused,
    failed: normal.failed,
    drips: counts,
    lastDripEndedMs: Math.max(0, ...ended.map((one) => one.ms)),
  }
}

async function main(): Promise<void> {
  requireBuild()
  const port = await freePort(3520, 3560)
  const origin = `http://127.0.0.1:${port}`
  const child = startBuiltServer({
    port,
    dataDir: join(benchFolder('bench-slow-clients-'), 'data'),
    env: { TRUST_PROXY: '1', REQUEST_BODY_TIMEOUT_MS: String(BODY_TIMEOUT_MS) },
  })
  try {
    await waitFor(`${origin}/vue/maintenance/`, 120_000, child)
    const phases = [
      await phase('baseline, no drips', origin, port, null),
      await phase(`${DRIPS} drips from one address`, origin, port, () => undefined),
      await phase(`${DRIPS} drips from ${DRIPS} addresses`, origin, port, (i) => `10.100.${Math.floor(i / 250)}.${i % 250}`),
    ]
    console.log(`\nNormal client (a login, then company info in a loop) for ${SECONDS} s per phase; body bound ${BODY_TIMEOUT_MS} ms\n`)
    console.log(
      'phase'.padEnd(32),
      'calls'.padStart(6),
      'p50 ms'.padStart(7),
      'p99 ms'.padStart(7),
      '503s'.padStart(5),
      'other'.padStart(6),
      '  drips ended (status: count), last after',
    )
    for (const row of phases) {
      const drips = Object.entries(row.drips)
        .map(([status, count]) => `${status}: ${count}`)
        .join(', ')
      console.log(
        row.name.padEnd(32),
        String(row.calls).padStart(6),
        String(row.p50).padStart(7),
        String(row.p99).padStart(7),
        String(row.refused).padStart(5),
        String(row.failed).padStart(6),
        drips ? `  ${drips}; ${row.lastDripEndedMs} ms` : '  –',
      )
    }
    const [baseline] = phases
    const figures: Figure[] = phases.slice(1).flatMap((row): Figure[] => [
      {
        figure: `normal client's p99 while ${row.name}`,
        value: row.p99,
        unit: 'ms',
        baseline: { figure: 'p99 without drips', value: baseline!.p99 },
        target: { of: 'value', bound: 'max', limit: 2000 },
      },
      { figure: `normal client's 503s while ${row.name}`, value: row.refused, unit: 'answers', target: { of: 'value', bound: 'max', limit: 0 } },
    ])
    writeResult(figures)
  } finally {
    await stop(child)
  }
}

await main()
