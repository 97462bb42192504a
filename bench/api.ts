// bench/api.ts — in one run: a bare node:http JSON server, a TanStack Start server route that
// returns fixed JSON (/health), and the authenticated, database-backed
// GET /vue/company/{id}/info/ on the embedded database. Each is loaded with autocannon
// (c=50, 10 s by default). Prints req/s, p99 and the ratios. Needs `npm run build` first.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, rmSync } from 'node:fs'
import autocannon from 'autocannon'
import { z } from 'zod'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/server/seed/demo-accounts'
import { requireBuild, startBuiltServer, stop, waitFor } from './server'

const DURATION = Number(process.env.BENCH_DURATION ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const START_PORT = 3210
const BARE_PORT = 3211
const DATA_DIR = `./bench/results/data-${process.pid}`

const BARE_SERVER = `
const http = require('node:http');
const body = JSON.stringify({ status: true, messages: [], data: { ok: true } });
http.createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end(body); })
  .listen(${BARE_PORT}, '127.0.0.1');
`

type Result = { name: string; requests: number; p99: number; errors: number; non2xx: number }

async function load(name: string, url: string, headers: Record<string, string> = {}): Promise<Result> {
  // A short warm-up so JIT and caches are in the same state for every target.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers })
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers })
  return { name, requests: result.requests.average, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx }
}

async function main(): Promise<void> {
  requireBuild()
  rmSync(DATA_DIR, { recursive: true, force: true })
  mkdirSync(DATA_DIR, { recursive: true })
  const children: ChildProcess[] = []
  try {
    children.push(spawn(process.execPath, ['-e', BARE_SERVER], { stdio: 'inherit' }))
    children.push(startBuiltServer({ port: START_PORT, dataDir: DATA_DIR }))
    await waitFor(`http://127.0.0.1:${BARE_PORT}/`)
    await waitFor(`http://127.0.0.1:${START_PORT}/vue/maintenance/`)
    const login = await fetch(`http://127.0.0.1:${START_PORT}/vue/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: DEMO_ACCOUNTS.dealer.username, password: DEMO_PASSWORD }),
    })
    const { data } = z.object({ data: z.object({ jwt: z.string() }) }).parse(await login.json())
    const infoUrl = `http://127.0.0.1:${START_PORT}/vue/company/${DEMO_ACCOUNTS.dealer.companyId}/info/`
    const check = await fetch(infoUrl, { headers: { authorization: `JWT ${data.jwt}` } })
    if (check.status !== 200) throw new Error(`company info answered ${check.status}`)

    const bare = await load('bare node:http JSON', `http://127.0.0.1:${BARE_PORT}/`)
    const fixed = await load('Start route, fixed JSON (/health)', `http://127.0.0.1:${START_PORT}/health`)
    const info = await load('GET /vue/company/{id}/info/ (auth + DB)', infoUrl, { authorization: `JWT ${data.jwt}` })

    console.log(`\nautocannon c=${CONNECTIONS}, ${DURATION} s each, same run\n`)
    console.log('target'.padEnd(44), 'req/s'.padStart(9), 'p99 ms'.padStart(8), 'errors'.padStart(7), 'non-2xx'.padStart(8))
    for (const row of [bare, fixed, info]) {
      console.log(row.name.padEnd(44), row.requests.toFixed(0).padStart(9), String(row.p99).padStart(8), String(row.errors).padStart(7), String(row.non2xx).padStart(8))
    }
    const ratioFixed = info.requests / fixed.requests
    console.log(`\nStart fixed JSON / bare node:http   = ${(fixed.requests / bare.requests).toFixed(3)}`)
    console.log(`company info / Start fixed JSON     = ${ratioFixed.toFixed(3)}   (target ≥ 0.5)`)
    console.log(`company info req/s                  = ${info.requests.toFixed(0)}   (target ≥ 2000)`)
    console.log(`errors on company info              = ${info.errors + info.non2xx}   (target 0)`)
    const ok = ratioFixed >= 0.5 && info.requests >= 2000 && info.errors + info.non2xx === 0
    console.log(ok ? '\nTARGET MET' : '\nTARGET NOT MET')
  } finally {
    await Promise.all(children.map(stop))
    rmSync(DATA_DIR, { recursive: true, force: true })
  }
}

await main()
