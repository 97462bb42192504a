import { rmSync } from 'node:fs'
import { chromium, type Page } from '@playwright/test'
import { CHROMIUM_ARGS } from '../../playwright.config'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { signInThroughForm } from './browser-login'
import { generateTree } from './company-tree-data'
import { benchFolder, freePort, prepareDataDir, startBuiltServer, stop, waitFor } from './server'

// The tree screen in Chromium against the built server, on the same generated tree: time to
// interactive (navigation start → hydrated with the tree's rows in the page) of the companies
// screen whose root is the company with 10,000 children, shown expanded with its first page,
// and of opening that company from its parent's tree (click → its first children shown). The
// baseline in the same run: the same screen for a company with three children.
export type BrowserFigures = { name: string; median: number; p95: number }

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.95))]!

// Each returns performance.now() in the page at the first frame its condition held (the CSP
// allows no string evaluation, and no Playwright round trip lands in the figure).
async function interactive(page: Page, url: string, rows: number): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' })
  const handle = await page.waitForFunction(
    (count) =>
      document.documentElement.dataset.hydrated === 'true' && document.querySelectorAll('[role=tree] [role=treeitem]').length >= count && performance.now(),
    rows,
    { polling: 'raf' },
  )
  return Number(await handle.jsonValue())
}

async function thirdLevelShown(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => document.querySelectorAll('[role=tree] [aria-level="3"]:not([data-placeholder])').length >= 10 && performance.now(),
    undefined,
    {
      polling: 'raf',
    },
  )
  return Number(await handle.jsonValue())
}

export async function measureTreeScreen({
  companies,
  wide,
  runs,
  warmups,
}: {
  companies: number
  wide: number
  runs: number
  warmups: number
}): Promise<BrowserFigures[]> {
  // The browser first: one that cannot start then leaves no server running and no data behind.
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS })
  const dataDir = benchFolder('bench-tree-')
  const shape = await prepareDataDir(dataDir, (db) => generateTree(db, { dealerId: DEMO_ACCOUNTS.dealer.companyId, total: companies, wide }))
  const port = await freePort(3260, 3299)
  const origin = `http://127.0.0.1:${port}`
  const server = startBuiltServer({ port, dataDir })
  try {
    await waitFor(`${origin}/vue/maintenance/`, 120_000, server)
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await signInThroughForm(page, origin, DEMO_ACCOUNTS.dealer.username)
    await page.waitForURL(/\/companies\//)
    const small: number[] = []
    const large: number[] = []
    const opening: number[] = []
    for (let run = 0; run < runs + warmups; run++) {
      const a = await interactive(page, `${origin}/companies/${DEMO_ACCOUNTS.carpenter.companyId}`, 4)
      const b = await interactive(page, `${origin}/companies/${shape.wideNodeId}`, 10)
      // Open the 10,000 from the dealer's tree: the click, the first page's call, the rows.
      await interactive(page, `${origin}/companies/${DEMO_ACCOUNTS.dealer.companyId}`, 2)
      const control = page.locator(`[data-part=branch-control][data-value="c:${shape.wideNodeId}"]`)
      await control.scrollIntoViewIfNeeded()
      // From the click's own event time in the page to the first frame with the rows.
      // (No named function inside: tsx would wrap it in a helper the page does not have.)
      await page.evaluate(() =>
        document.addEventListener('pointerdown', (event) => Reflect.set(window, 'benchClickAt', event.timeStamp), { capture: true, once: true }),
      )
      await control.click()
      // Its children are the rows on the third level (the dealer is the first).
      const shown = await thirdLevelShown(page)
      const clicked = await page.evaluate(() => Number(Reflect.get(window, 'benchClickAt')))
      if (run < warmups) continue
      small.push(a)
      large.push(b)
      opening.push(shown - clicked)
    }
    return [
      { name: 'baseline: tree of a company with 3 children', median: median(small), p95: p95(small) },
      { name: `tree of the company with ${wide.toLocaleString('en')} children`, median: median(large), p95: p95(large) },
      { name: `opening it from its parent (click → rows)`, median: median(opening), p95: p95(opening) },
    ]
  } finally {
    await browser.close()
    await stop(server)
    rmSync(dataDir, { recursive: true, force: true })
  }
}
