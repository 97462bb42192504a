import { z } from 'zod'
import { E2E_JWT_SECRET } from '../../playwright.config'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { OwnServer } from '../own-server'
import { serverTexts, sessionCookies } from '../vue-api'
import { RELOAD_DELAYS, RELOAD_TRIES, backOnlineSave, conflictShown, offlineReload, reloadTrials, type Desk, type Outcome, type ReloadFigures } from './desk'
import { pageErrors, pageReachesServer, portalStoreAnswers, storeWrites, type Driver, type EngineId } from './driver'
import { launchFirefox } from './firefox'
import { Cleanup } from './processes'
import { launchWebKit } from './webkit'

// `tsx e2e/engines/run.ts`: the desk's promises in Debian's Firefox ESR and WebKitGTK, against
// the production build (`vite build` first) on a database of its own (docs/decisions/046).
// ENGINES=firefox or ENGINES=webkit runs one. Ports: E2E_PORT + 27 (server) and + 28 (WebKitWebDriver).
// Prints each promise per engine and the reload figures; exits 1 when any promise failed.

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100)
const DATA_DIR = `./data/e2e-engines-${process.pid}`
const ENGINES: Record<EngineId, (cleanup: Cleanup) => Promise<Driver>> = {
  firefox: (cleanup: Cleanup) => launchFirefox(cleanup, `${DATA_DIR}-firefox`),
  webkit: (cleanup: Cleanup) => launchWebKit(cleanup, BASE_PORT + 28),
}
const chosen = (process.env.ENGINES ?? 'firefox,webkit').split(',').filter((name): name is EngineId => name === 'firefox' || name === 'webkit')

/** Texts each engine edits: three delays times the tries, the offline edit, the conflict. */
const KEYS_PER_ENGINE = RELOAD_DELAYS.length * RELOAD_TRIES + 2

type Report = { engine: string; outcomes: Outcome[]; figures: ReloadFigures; seconds: number }

const cleanup = new Cleanup()
const server = new OwnServer(BASE_PORT + 27, DATA_DIR, { JWT_SECRET: E2E_JWT_SECRET })
cleanup.add('portal server', async () => {
  await server.stop()
  server.remove()
})

/** One promise, run and judged: it fails when it throws or when the page logged an error meanwhile. */
async function attempt(driver: Driver, promise: string, run: () => Promise<string>, quirks: string[]): Promise<Outcome> {
  let outcome: Outcome
  try {
    outcome = { promise, ok: true, detail: await run() }
  } catch (error) {
    outcome = { promise, ok: false, detail: error instanceof Error ? error.message : String(error) }
  }
  const seen = await pageErrors(driver).catch((error: unknown) => ({ errors: [`the page's errors could not be read: ${String(error)}`], quirks: [] }))
  quirks.push(...seen.quirks)
  if (seen.errors.length > 0) outcome = { promise, ok: false, detail: `${outcome.ok ? '' : `${outcome.detail} | `}console errors: ${seen.errors.join(' | ')}` }
  console.log(`  ${outcome.ok ? '✓' : '✗'} ${promise}: ${outcome.detail}`)
  return outcome
}

/** The suite hears the page: an error logged on a portal page reaches it (WebKitGTK's capture is the suite's own hook). */
async function consoleHeard(driver: Driver, origin: string): Promise<string> {
  await driver.goto(`${origin}/welcome`)
  const probe = `engine suite: console check ${Date.now()}`
  await driver.evaluate(`(console.error(${JSON.stringify(probe)}), true)`, z.boolean())
  const deadline = Date.now() + 5_000
  const heard: string[] = []
  while (!heard.some((text) => text.includes(probe))) {
    if (Date.now() > deadline) throw new Error(`an error logged in the page did not reach the suite (heard: ${heard.join(' | ') || 'nothing'})`)
    heard.push(...(await driver.takeErrors()))
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const others = heard.filter((text) => !text.includes(probe))
  if (others.length > 0) throw new Error(`console errors on the welcome page: ${others.join(' | ')}`)
  return 'an error logged by the page reaches the suite'
}

/**
 * Browser sessions an engine gets when something of it stalls (Stall, below): the promises start
 * again in a new session, on texts of their own. A stall in the last one fails the engine.
 */
const SESSIONS = 3

/**
 * What of the engine stopped in a session: its IndexedDB (storeWrites), its network for the page
 * (pageReachesServer), the portal's database held by a page that is gone (portalStoreAnswers), or nothing.
 */
type Stall = 'store' | 'network' | 'held' | null

const STALLS: Record<NonNullable<Stall>, { what: string; quirk: string }> = {
  store: {
    what: "the engine's IndexedDB stopped writing: a write to a database of the suite's own did not start (WebKit bug 324058, docs/decisions/046)",
    quirk: 'IndexedDB stopped writing in a browser session',
  },
  network: {
    what: "the engine's network stopped for the page: its GET /health got no answer in 5 s while the suite's did (docs/decisions/046)",
    quirk: 'the network stopped for a page in a browser session',
  },
  held: {
    what: "the portal's database stayed held with no page of the portal open: a write from a page without its code did not complete in 5 s (docs/decisions/046)",
    quirk: "the portal's database held by a page that is gone",
  },
}

/** One browser session through every promise: its outcomes, and what of the engine stalled in it. */
async function runSession(
  id: EngineId,
  keys: string[],
  figures: ReloadFigures,
  quirks: string[],
): Promise<{ name: string; outcomes: Outcome[]; stalled: Stall }> {
  const outcomes: Outcome[] = []
  let driver: Driver | null = null
  let stalled: Stall = null
  try {
    driver = await ENGINES[id](cleanup)
    console.log(`\n${driver.name}`)
    // A promise that stopped the server before it failed leaves it stopped.
    if (server.pid === undefined) await server.start()
    await driver.setCookies(server.origin, await sessionCookies(server.origin, DEMO_ACCOUNTS.translator.username, E2E_JWT_SECRET))
    const desk: Desk = { driver, server, keys, expected: new Map() }
    const promises: Array<[string, () => Promise<string>]> = [
      ['console errors are heard', () => consoleHeard(desk.driver, server.origin)],
      [`an edit survives a reload ${RELOAD_DELAYS.join('/')} ms after the last key`, () => reloadTrials(desk, figures)],
      ['offline reload from the service worker', () => offlineReload(desk)],
      ['back online, then save: the edits reach the server', () => backOnlineSave(desk)],
      ['a conflict shown with both sides', () => conflictShown(desk)],
    ]
    for (const [promise, run] of promises) {
      const outcome = await attempt(driver, promise, run, quirks)
      outcomes.push(outcome)
      if (!outcome.ok && !(await storeWrites(driver))) {
        stalled = 'store'
        break
      }
      if (!outcome.ok && !(await pageReachesServer(driver, server.origin))) {
        stalled = 'network'
        break
      }
      // Last: it leaves the page for one without the portal's code.
      if (!outcome.ok && !(await portalStoreAnswers(driver, server.origin))) {
        stalled = 'held'
        break
      }
    }
  } catch (error) {
    outcomes.push({ promise: 'the engine runs', ok: false, detail: error instanceof Error ? (error.stack ?? error.message) : String(error) })
    console.log(`  ✗ ${id}: ${outcomes.at(-1)?.detail}`)
  } finally {
    await driver?.close()
  }
  return { name: driver?.name ?? id, outcomes, stalled }
}

async function runEngine(id: EngineId, keys: string[]): Promise<Report> {
  const started = Date.now()
  const quirks: string[] = []
  let session: { name: string; outcomes: Outcome[]; stalled: Stall } = { name: id, outcomes: [], stalled: null }
  let figures: ReloadFigures = new Map()
  for (let attempt = 1; attempt <= SESSIONS; attempt++) {
    figures = new Map()
    session = await runSession(id, keys.splice(0, KEYS_PER_ENGINE), figures, quirks)
    if (!session.stalled) break
    const again = attempt < SESSIONS
    console.log(`  ↻ ${STALLS[session.stalled].what}${again ? '; the promises again in a new browser session' : ''}`)
    quirks.push(STALLS[session.stalled].quirk)
  }
  if (quirks.length > 0) console.log(`  known quirks of the engine, not counted: ${[...new Set(quirks)].join(' | ')} (${quirks.length}×)`)
  return { engine: session.name, outcomes: session.outcomes, figures, seconds: Math.round((Date.now() - started) / 1000) }
}

async function main(): Promise<number> {
  const started = Date.now()
  server.remove()
  await server.start()
  const before = await serverTexts(server.origin)
  // Keys a CSS attribute selector takes as they are.
  const untranslated = before.keys.filter((key) => !(key in before.target) && /^[\w.-]+$/.test(key))
  const needed = KEYS_PER_ENGINE * SESSIONS * chosen.length
  if (untranslated.length < needed) throw new Error(`only ${untranslated.length} untranslated texts, ${needed} needed for ${chosen.length} engines`)
  const reports: Report[] = []
  for (const [index, id] of chosen.entries()) {
    reports.push(await runEngine(id, untranslated.slice(index * KEYS_PER_ENGINE * SESSIONS, (index + 1) * KEYS_PER_ENGINE * SESSIONS)))
  }

  console.log('\nReload figures (edits kept of those typed, reload that long after the last key):')
  console.log(`  ${'engine'.padEnd(28)}${RELOAD_DELAYS.map((delay) => `${delay} ms`.padStart(10)).join('')}`)
  for (const report of reports) {
    console.log(
      `  ${report.engine.padEnd(28)}${RELOAD_DELAYS.map((delay) => `${report.figures.get(delay)?.kept ?? 0}/${report.figures.get(delay)?.tried ?? 0}`.padStart(10)).join('')}`,
    )
  }
  const outcomes = reports.flatMap((report) => report.outcomes)
  const failed = outcomes.filter((outcome) => !outcome.ok).length
  console.log(`\nEngines: ${reports.map((report) => `${report.engine} ${report.seconds} s`).join(', ')}; all ${Math.round((Date.now() - started) / 1000)} s`)
  console.log(`${outcomes.length - failed} passed, ${failed} failed`)
  return failed === 0 ? 0 : 1
}

let code = 1
try {
  code = await main()
} catch (error) {
  console.error(error)
} finally {
  await cleanup.runAll()
}
process.exit(code)
