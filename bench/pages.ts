// bench/pages.ts — Lighthouse (mobile defaults, performance + accessibility) on the built server:
// the home page, /login, staff's companies screen signed in and, as the same-run baseline, the
// static bench/fixtures/bench-baseline.html from a server of its own (bench/lib/baseline-server.ts).
// Runs each page BENCH_PAGES_RUNS times (3), interleaved, and reports the run with the median
// performance score, the first-load JavaScript and PASS/MISS against the targets. A measurement,
// not a test: exits 0 on MISS, non-zero only when something fails (a page that does not load
// too). Needs `npm run build` first. Small mode (BENCH_SMALL=1): one run of the home page, no
// baseline (each Lighthouse run takes seconds).
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { z } from 'zod'
import { CHROMIUM_ARGS } from '../playwright.config'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { BASELINE_PATH, startBaselineServer, type BaselineServer } from './lib/baseline-server'
import { signInThroughForm } from './lib/browser-login'
import { LIGHTHOUSE_PHONE, killChromes, runLighthouse, summarize, type RunSummary } from './lib/lighthouse'
import { SMALL, sized } from './lib/mode'
import { pageFigures, printReport, type PageResult } from './lib/pages-report'
import { writeResult } from './lib/result'
import { scriptBytes } from './lib/script-bytes'
import { benchFolder, freePort, requireBuild, startBuiltServer, stop, waitFor } from './lib/server'
import { routeWeights } from './lib/route-weights'
import { printWeights, readCeilings } from './lib/size-limits'

const RUNS = z
  .number()
  .max(15)
  .parse(sized('BENCH_PAGES_RUNS', { full: 3, small: 1 }))
const BASELINE = { name: 'baseline', path: BASELINE_PATH }
const HOME = { name: 'home', path: '/' }
// A signed-in screen too (decision 035): staff's companies tree, with the cookies of a
// login in Chromium sent by Lighthouse.
const COMPANIES = { name: 'companies', path: `/companies/${DEMO_ACCOUNTS.staff.companyId}`, signedIn: true }
const PAGES: Array<{ name: string; path: string; signedIn?: boolean }> = SMALL ? [HOME] : [BASELINE, HOME, { name: 'login', path: '/login' }, COMPANIES]

/**
 * The Cookie header of staff signed in through the login form, on the phone Lighthouse emulates
 * (its mobile screen): the screen cookie among them is then the phone's, as on a phone that
 * signed in itself (decision 062). A desktop's would have the server render the desktop's forms
 * for the phone, swapped after hydration: a layout shift no phone user meets.
 */
async function staffCookie(origin: string): Promise<string> {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage(LIGHTHOUSE_PHONE)
    await signInThroughForm(page, origin, DEMO_ACCOUNTS.staff.username)
    const cookies = await page.context().cookies(origin)
    return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
  } finally {
    await browser.close()
  }
}

function median(runs: RunSummary[]): RunSummary {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance)
  const middle = sorted[Math.floor((sorted.length - 1) / 2)]
  if (!middle) throw new Error('no Lighthouse runs')
  return middle
}

async function main(): Promise<void> {
  requireBuild()
  // Every route of the route tree, from the build (the budget `npm test` holds them to; its own
  // step prints this table there, so small mode leaves it out).
  if (!SMALL) {
    console.log('First-load JavaScript and CSS per route (from the build, gzip level 6):')
    printWeights(await routeWeights(), readCeilings())
    console.log('')
  }
  const port = await freePort(3320, 3329)
  const origin = `http://127.0.0.1:${port}`
  const dataDir = benchFolder('bench-pages-data-')
  const reportDir = mkdtempSync(join(tmpdir(), 'bench-pages-reports-'))
  const server = startBuiltServer({ port, dataDir, stdio: ['ignore', 'ignore', 'pipe'] })
  // Its stderr is shown only when something fails (it logs its shutdown, noise after the table).
  let serverLog = ''
  server.stderr?.on('data', (chunk: Buffer) => {
    serverLog = (serverLog + chunk.toString()).slice(-4000)
  })
  // On Ctrl-C the finally below never runs: stop Chromium, the server and remove its data here.
  const cleanUp = () => {
    server.kill('SIGTERM')
    rmSync(dataDir, { recursive: true, force: true })
    // Small mode keeps no reports: `npm test` would leave a folder behind on every run.
    if (SMALL || readdirSync(reportDir).length === 0) rmSync(reportDir, { recursive: true, force: true })
  }
  let interrupted = false
  // `on`, not `once`: Ctrl-C reaches this process twice (terminal and tsx), and a second
  // SIGINT without a listener would end it before the clean-up.
  const interrupt = () => {
    if (interrupted) return
    interrupted = true
    killChromes()
    void stop(server).finally(() => process.exit(130))
  }
  process.once('exit', cleanUp)
  process.on('SIGINT', interrupt)
  process.on('SIGTERM', interrupt)
  let baseline: BaselineServer | undefined
  try {
    console.log(`Starting the built server on ${origin} (DATA_DIR ${dataDir}, seeds demo data) …`)
    await waitFor(`${origin}/vue/maintenance/`, 120_000, server)
    if (PAGES.includes(BASELINE)) baseline = await startBaselineServer()
    const baselineOrigin = baseline?.origin
    const urlOf = (page: { path: string }) => (page === BASELINE && baselineOrigin ? baselineOrigin : origin) + page.path
    const cookie = PAGES.some((page) => page.signedIn) ? await staffCookie(origin) : undefined
    const headersOf = (page: { signedIn?: boolean }) => (page.signedIn && cookie ? { cookie } : undefined)
    // Warm-up so the first measured run does not pay for JIT and first renders.
    for (const page of PAGES) for (let i = 0; i < 3; i++) await (await fetch(urlOf(page), { headers: headersOf(page) })).arrayBuffer()

    const runs = new Map<string, RunSummary[]>(PAGES.map((page) => [page.name, []]))
    let version = ''
    for (let run = 1; run <= RUNS; run++) {
      for (const page of PAGES) {
        const lhr = await runLighthouse(urlOf(page), page.signedIn ? cookie : undefined)
        version = lhr.lighthouseVersion
        writeFileSync(join(reportDir, `${page.name}-${run}.json`), JSON.stringify(lhr, null, 2))
        const summary = summarize(lhr)
        if (summary.status < 200 || summary.status >= 400) throw new Error(`${urlOf(page)} did not load: HTTP ${summary.status}`)
        runs.get(page.name)?.push(summary)
        console.log(
          `  run ${run}/${RUNS} ${page.name.padEnd(8)} HTTP ${summary.status}  performance ${summary.performance}  accessibility ${summary.accessibility}`,
        )
      }
    }

    const results: PageResult[] = []
    for (const page of PAGES) {
      const pageRuns = runs.get(page.name) ?? []
      const chosen = median(pageRuns)
      results.push({ ...page, runs: pageRuns, median: chosen, scripts: await scriptBytes(chosen.scripts) })
    }
    printReport({ version, runs: RUNS, origin, results, baselineName: BASELINE.name })
    writeResult(pageFigures(results, BASELINE.name))
    if (!SMALL) console.log(`\nFull Lighthouse JSON reports (${PAGES.length * RUNS}): ${reportDir}`)
  } catch (error) {
    if (serverLog) console.error(`\nServer stderr (last lines):\n${serverLog}`)
    throw error
  } finally {
    await baseline?.close()
    await stop(server)
    process.removeListener('SIGINT', interrupt)
    process.removeListener('SIGTERM', interrupt)
    process.removeListener('exit', cleanUp)
    cleanUp()
  }
}

try {
  await main()
} catch (error) {
  console.error(`\nbench:pages failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
}
