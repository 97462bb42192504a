// Does anyone wait while a long job runs? (decision 033) The built server on the embedded database
// (and, with BENCH_DATABASE_URL, a second one on that PostgreSQL): two probes — GET /health and a
// cached GET /vue/company/{id}/info/ — are sent on a fixed clock every PROBE_MS whether or not
// earlier ones have answered (so a stall shows as every probe it delayed, not as one slow
// sample), first on a quiet server (the same-run baseline), then while each long job runs: a
// price upload of 1,000,000 rows (applied), an XML import of 100,000 texts, and moving a
// subtree of 20,000 companies. Prints p50/p99/max of each probe per window; targets during a
// job: p99 ≤ 250 ms and nothing over 500 ms. `npm run build && npm run bench:stall`
// (BENCH_SMALL=1: small sizes). Never asserts a time.
import { openAsBlob, rmSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import type pg from 'pg'
import { benchFolder, demoToken, freePort, freshDatabase, requireBuild, startBuiltServer, stop, waitFor } from './lib/server'
import { loadMoveTree, moveBackAndForth } from './lib/stall-move'
import { priceListFile, vartextXmlFile } from './lib/stall-files'
import { SMALL } from './lib/mode'
import { writeResult, type Figure } from './lib/result'

const PRICE_ROWS = SMALL ? 20_000 : 1_000_000
const XML_TEXTS = SMALL ? 2_000 : 100_000
const TREE = SMALL ? { total: 3_000, subtree: 1_000 } : { total: 100_000, subtree: 20_000 }
const QUIET_MS = SMALL ? 1_500 : 5_000
const PROBE_MS = 20
const TARGET_P99_MS = 250
const TARGET_MAX_MS = 500

type Window = { name: string; samples: Map<string, number[]>; failures: number }

/** Sends each probe every PROBE_MS until stopped; keeps each answer's time. */
function probe(origin: string, token: string): { stop(): Promise<Window['samples'] & { failures: number }> } {
  const targets = { '/health': {}, 'company info (cached)': { authorization: `JWT ${token}` } }
  const paths: Record<keyof typeof targets, string> = { '/health': '/health', 'company info (cached)': `/vue/company/${DEMO_ACCOUNTS.dealer.companyId}/info/` }
  const samples = new Map<string, number[]>(Object.keys(targets).map((name) => [name, []]))
  const running: Promise<void>[] = []
  let failures = 0
  const timer = setInterval(() => {
    for (const [name, headers] of Object.entries(targets)) {
      const began = performance.now()
      running.push(
        fetch(`${origin}${paths[name as keyof typeof targets]}`, { headers }).then(
          async (response) => {
            await response.arrayBuffer()
            if (!response.ok) failures += 1
            samples.get(name)!.push(performance.now() - began)
          },
          () => {
            failures += 1
          },
        ),
      )
    }
  }, PROBE_MS)
  return {
    async stop() {
      clearInterval(timer)
      await Promise.all(running)
      return Object.assign(samples, { failures })
    },
  }
}

async function during(name: string, origin: string, token: string, job: () => Promise<unknown>): Promise<Window> {
  const probes = probe(origin, token)
  const began = performance.now()
  await job()
  const samples = await probes.stop()
  console.log(`  ${name}: ${((performance.now() - began) / 1000).toFixed(1)} s`)
  return { name, samples, failures: samples.failures }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

const figures: Figure[] = []

function report(engine: string, windows: Window[]): boolean {
  console.log(`\n${engine}: probe times in ms (p50 / p99 / max, n), ${PROBE_MS} ms apart; targets during a job p99 ≤ ${TARGET_P99_MS}, max ≤ ${TARGET_MAX_MS}`)
  let met = true
  for (const window of windows) {
    for (const [probeName, values] of window.samples) {
      const [p50, p99, max] = [percentile(values, 50), percentile(values, 99), Math.max(...values)]
      const quiet = window.name === 'quiet (baseline)'
      const ok = quiet || (p99 <= TARGET_P99_MS && max <= TARGET_MAX_MS)
      if (!quiet) {
        const baseline = windows[0]!.samples.get(probeName) ?? []
        const figure = `${engine}: ${probeName} during ${window.name}`
        figures.push(
          {
            figure: `${figure}, p99`,
            value: p99,
            unit: 'ms',
            baseline: { figure: 'quiet p99', value: percentile(baseline, 99) },
            target: { of: 'value', bound: 'max', limit: TARGET_P99_MS },
          },
          {
            figure: `${figure}, max`,
            value: max,
            unit: 'ms',
            baseline: { figure: 'quiet max', value: Math.max(...baseline) },
            target: { of: 'value', bound: 'max', limit: TARGET_MAX_MS },
          },
        )
      }
      met &&= ok && window.failures === 0
      const shown = `${p50.toFixed(1).padStart(7)} / ${p99.toFixed(1).padStart(7)} / ${max.toFixed(1).padStart(7)}  (n ${values.length})`
      console.log(`  ${window.name.padEnd(34)} ${probeName.padEnd(22)} ${shown}${quiet ? '' : ok ? '  met' : '  NOT MET'}`)
    }
    if (window.failures > 0) console.log(`  ${window.name}: ${window.failures} probes failed`)
  }
  return met
}

type Target = { origin: string; database: pg.ClientConfig }

async function runEngine(engine: string, server: Target, work: string): Promise<boolean> {
  const token = await demoToken(server.origin, 'dealer')
  const staff = await demoToken(server.origin, 'staff')
  const prices = await priceListFile(join(work, 'prices.csv'), PRICE_ROWS)
  const xml = await vartextXmlFile(join(work, 'texts.xml'), XML_TEXTS)
  const tree = await loadMoveTree(server.database, TREE)
  // Warm the cache and the code paths the probes take.
  await during('warm-up', server.origin, token, () => sleep(1_000))
  const windows = [await during('quiet (baseline)', server.origin, token, () => sleep(QUIET_MS))]
  windows.push(
    await during(`price upload, ${PRICE_ROWS.toLocaleString('en')} rows`, server.origin, token, () =>
      upload(server.origin, staff, '/vue/price/upload/?dry_run=0', 'prices', prices, 'text/csv'),
    ),
  )
  windows.push(
    await during(`XML import, ${XML_TEXTS.toLocaleString('en')} texts`, server.origin, token, () =>
      upload(server.origin, staff, '/vue/i18n/vartext-xml/', 'file', xml, 'application/xml'),
    ),
  )
  windows.push(await during(`move of ${TREE.subtree.toLocaleString('en')} companies`, server.origin, token, () => moveBackAndForth(server.origin, staff, tree)))
  return report(engine, windows)
}

async function upload(origin: string, token: string, path: string, field: string, file: string, type: string): Promise<void> {
  const form = new FormData()
  form.set(field, await openAsBlob(file, { type }), file.split('/').at(-1))
  const response = await fetch(`${origin}${path}`, { method: 'POST', headers: { authorization: `JWT ${token}`, 'accept-language': 'en' }, body: form })
  const body = await response.text()
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${body.slice(0, 300)}`)
}

async function main(): Promise<void> {
  requireBuild()
  const work = benchFolder('bench-stall-')
  const url = process.env.BENCH_DATABASE_URL
  const engines: Array<[string, Record<string, string>]> = [['embedded PostgreSQL', {}]]
  // A database of its own on that server: its million-row upload stays out of bench:api's.
  const fresh = url ? await freshDatabase(url, 'stall') : null
  if (fresh) engines.push(['PostgreSQL (BENCH_DATABASE_URL)', { DATABASE_URL: fresh.url, SEED_DEMO: 'always' }])
  let met = true
  try {
    for (const [engine, env] of engines) {
      const port = await freePort(3400, 3440)
      const dataDir = join(work, `data-${port}`)
      const child = startBuiltServer({ port, dataDir, env })
      const origin = `http://127.0.0.1:${port}`
      // The embedded database answers root and its own account on its socket.
      const database: pg.ClientConfig = env.DATABASE_URL
        ? { connectionString: env.DATABASE_URL }
        : { host: join(dataDir, 'postgres'), user: 'postgres', database: 'portal' }
      try {
        await waitFor(`${origin}/vue/maintenance/`, 120_000, child)
        met = (await runEngine(engine, { origin, database }, work)) && met
      } finally {
        await stop(child)
      }
    }
    writeResult(figures)
    console.log(`\n${met ? 'MET' : 'NOT MET'}: no probe waits more than ${TARGET_MAX_MS} ms, p99 ≤ ${TARGET_P99_MS} ms, while a long job runs`)
  } finally {
    await fresh?.drop()
    rmSync(work, { recursive: true, force: true })
  }
}

await main()
