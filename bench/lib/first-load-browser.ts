import { rmSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { chromium, type Browser } from '@playwright/test'
import { CHROMIUM_ARGS } from '../../playwright.config'
import { DEMO_ACCOUNTS, type DemoRole } from '../../src/server/seed/demo-accounts'
import { BENCH_JWT_SECRET, signedIn } from './signed-in'
import { benchFolder, freePort, startBuiltServer, stop, waitFor } from './server'

// The first load as the browser makes it (decision 035): each screen opened in Chromium, signed in
// as the person who uses it, with a fresh cache, and every response the page receives counted
// until the network has been idle for half a second after the page hydrated — the scripts that
// start after the first paint, the parts fetched when the browser is first idle, the calls the
// screen makes. Scripts and CSS are weighed as the static budget weighs them (gzip level 6 of
// each body, each file once), so the two tables compare; what went over the wire (brotli from
// the build's precompressed files) is printed beside them. The service worker is blocked: what
// it stores for offline use is not the screen's first load.

export type Screen = { name: string; path: string; account: DemoRole | null }

export const SCREENS: Screen[] = [
  { name: 'home', path: '/', account: null },
  { name: 'login', path: '/login', account: null },
  { name: 'companies', path: `/companies/${DEMO_ACCOUNTS.dealer.companyId}`, account: 'dealer' },
  { name: 'contacts', path: '/overview-contacts', account: 'dealer' },
  { name: 'my company', path: '/my-company', account: 'dealer' },
  { name: 'basket approval', path: '/order-approve', account: 'staff' },
  { name: 'translation desk', path: '/vartext?dst=fr', account: 'translator' },
]

export type FirstLoad = {
  screen: Screen
  scripts: number
  /** Scripts, gzip level 6 of each body. */
  scriptGzipBytes: number
  cssGzipBytes: number
  /** Everything the page received, as it came over the wire (bodies). */
  transferredBytes: number
  requests: number
  /** Scripts and CSS, heaviest first: their path and gzip weight. */
  files: Array<{ path: string; gzipBytes: number }>
}

/** How long the network must be quiet after hydration (Playwright's own "networkidle" is 500 ms). */
const QUIET_MS = 500

async function measureScreen(browser: Browser, origin: string, screen: Screen): Promise<FirstLoad> {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 900 } })
  try {
    if (screen.account) {
      const { cookie } = await signedIn(origin, screen.account)
      await context.addCookies(
        cookie.split('; ').map((pair) => {
          const [name = '', ...value] = pair.split('=')
          return { name, value: value.join('='), url: origin }
        }),
      )
    }
    const page = await context.newPage()
    const weighed: Array<Promise<{ url: string; kind: string; gzip: number; wire: number }>> = []
    page.on('requestfinished', (request) => {
      weighed.push(
        (async () => {
          const response = await request.response()
          const body = response ? await response.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0)
          const type = response?.headers()['content-type'] ?? ''
          const kind = /javascript/.test(type) ? 'script' : /text\/css/.test(type) ? 'css' : 'other'
          const sizes = await request.sizes()
          return { url: request.url(), kind, gzip: kind === 'other' ? 0 : gzipSync(body, { level: 6 }).length, wire: sizes.responseBodySize }
        })(),
      )
    })
    const answer = await page.goto(`${origin}${screen.path}`, { waitUntil: 'load' })
    if (answer?.status() !== 200) throw new Error(`${screen.path} answered ${answer?.status()}`)
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    // Quiet for QUIET_MS in a row: nothing started and nothing finished meanwhile.
    let seen = -1
    while (seen !== weighed.length) {
      seen = weighed.length
      await page.waitForLoadState('networkidle')
      await page.waitForTimeout(QUIET_MS)
    }
    const files = new Map<string, { kind: string; gzip: number; wire: number }>()
    for (const file of await Promise.all(weighed)) if (!files.has(file.url)) files.set(file.url, file)
    const of = (kind: string) => [...files.values()].filter((file) => file.kind === kind)
    return {
      screen,
      scripts: of('script').length,
      scriptGzipBytes: of('script').reduce((sum, file) => sum + file.gzip, 0),
      cssGzipBytes: of('css').reduce((sum, file) => sum + file.gzip, 0),
      transferredBytes: [...files.values()].reduce((sum, file) => sum + Math.max(file.wire, 0), 0),
      requests: weighed.length,
      files: [...files]
        .filter(([, file]) => file.kind !== 'other')
        .map(([url, file]) => ({ path: new URL(url).pathname, gzipBytes: file.gzip }))
        .sort((a, b) => b.gzipBytes - a.gzipBytes),
    }
  } finally {
    await context.close()
  }
}

/** Every screen's first load, from a built server of its own on fresh demo data. */
export async function measureFirstLoads(screens: Screen[] = SCREENS): Promise<FirstLoad[]> {
  // The browser first: one that cannot start leaves no server running.
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS })
  const dataDir = benchFolder('bench-first-load-')
  const port = await freePort(3340, 3380)
  const origin = `http://127.0.0.1:${port}`
  const server = startBuiltServer({ port, dataDir, env: { JWT_SECRET: BENCH_JWT_SECRET } })
  try {
    await waitFor(`${origin}/vue/maintenance/`, 120_000, server)
    const loads: FirstLoad[] = []
    for (const screen of screens) loads.push(await measureScreen(browser, origin, screen))
    return loads
  } finally {
    await browser.close()
    await stop(server)
    rmSync(dataDir, { recursive: true, force: true })
  }
}
