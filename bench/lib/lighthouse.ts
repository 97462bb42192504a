// One Lighthouse run (mobile defaults, simulated throttling) in a fresh headless Chromium, and
// the numbers bench/pages.ts reports, read from the result with a schema.
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Result } from 'lighthouse'
import { screenEmulationMetrics } from 'lighthouse/core/config/constants.js'
import { z } from 'zod'
import { CHROMIUM_ARGS } from '../../playwright.config'

// Debian Chromium runs headless with the flags the e2e tests use.
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS]

/** The phone a mobile run emulates (Lighthouse's own defaults), as Playwright's page options. */
export const LIGHTHOUSE_PHONE = {
  viewport: { width: screenEmulationMetrics.mobile.width, height: screenEmulationMetrics.mobile.height },
  deviceScaleFactor: screenEmulationMetrics.mobile.deviceScaleFactor,
  isMobile: true,
  hasTouch: true,
}

const requestSchema = z.object({
  url: z.string(),
  resourceType: z.string().optional(),
  statusCode: z.number(),
  transferSize: z.number().default(0),
  resourceSize: z.number().default(0),
})
const tableSchema = z.object({ type: z.literal('table'), items: z.array(requestSchema) })

export type Request = z.infer<typeof requestSchema>

export type RunSummary = {
  status: number
  performance: number
  accessibility: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  scripts: Request[]
}

/** `cookie`: a signed-in session's Cookie header, sent with every request of the run. */
export async function runLighthouse(url: string, cookie?: string): Promise<Result> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
    // bench/pages.ts handles Ctrl-C (killChromes), so its server and data go too.
    handleSIGINT: false,
  })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // A result for an error page too: bench/pages.ts checks the status and names it.
      ignoreStatusCode: true,
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    })
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`)
    if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`)
    return result.lhr
  } finally {
    chrome.kill()
  }
}

/** Kills any Chromium still running (on Ctrl-C). */
export function killChromes(): void {
  chromeLauncher.killAll()
}

function score(lhr: Result, category: string): number {
  const value = lhr.categories[category]?.score
  if (typeof value !== 'number') throw new Error(`${lhr.requestedUrl}: no ${category} score`)
  return Math.round(value * 100)
}

function numeric(lhr: Result, audit: string): number {
  const value = lhr.audits[audit]?.numericValue
  if (typeof value !== 'number') throw new Error(`${lhr.requestedUrl}: no value for ${audit}`)
  return value
}

export function summarize(lhr: Result): RunSummary {
  const { items } = tableSchema.parse(lhr.audits['network-requests']?.details)
  const document = items.find((item) => item.url === (lhr.mainDocumentUrl ?? lhr.requestedUrl))
  return {
    status: document?.statusCode ?? 0,
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    scripts: items.filter((item) => item.resourceType === 'Script'),
  }
}
