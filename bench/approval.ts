// The approval list with 10,000 baskets (decision 016): p50/p95/p99 of filtered, paged, sorted
// GET /vue/basket/list/ requests as an approver clicks through tabs, filters and pages,
// against the built server on the embedded database. Baseline in the same run: the status of
// one basket (GET /vue/basket/{basket}/status/, one indexed row), so the ratio is what the
// list costs over the server's own floor. `npm run build && npm run bench:approval`
// Small mode (BENCH_SMALL=1): 300 baskets, 40 requests after 5 warm-up requests.
import { rmSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { SMALL, sized } from './lib/mode'
import { writeResult, type Figure } from './lib/result'
import { benchFolder, demoToken, freePort, prepareDataDir, requireBuild, startBuiltServer, stop, waitFor } from './lib/server'

const BASKETS = sized('BENCH_BASKETS', { full: 10_000, small: 300 })
const REQUESTS = sized('BENCH_REQUESTS', { full: 400, small: 40 })
const WARMUP = SMALL ? 5 : 40

/** The demo data plus generated baskets in every status, spread over all companies. */
function prepareData(dataDir: string): Promise<void> {
  return prepareDataDir(dataDir, async (db) => {
    await db.execute(sql`
      with company_ids as (select array_agg(id order by id) as ids from companies)
      insert into baskets (basket_number, company_id, status, created, last_status_update, customer,
                           billing_name1, billing_zip, billing_country)
      select '2077' || lpad(i::text, 6, '0'),
             ids[1 + (i * 7919) % array_length(ids, 1)],
             (i * 31) % 7,
             now() - (i || ' minutes')::interval,
             now() - ((i % 977) || ' minutes')::interval,
             'Bench customer ' || (i % 500),
             'Bench dealer ' || (i % 97), lpad((i % 99999)::text, 5, '0'), 'DE'
      from generate_series(1, ${BASKETS}) as i, company_ids`)
  })
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

async function timed(url: string, token: string): Promise<{ ms: number; total: number }> {
  const started = performance.now()
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
  const body = z.object({ status: z.boolean(), data: z.looseObject({ total: z.number().optional() }).optional() }).parse(await response.json())
  const ms = performance.now() - started
  // A filtered tab can have fewer pages than the click asks for: that page is a 404 (it says
  // so instead of answering the last page), still a full answer to time.
  const pastTheEnd = response.status === 404 && new URL(url).searchParams.has('page')
  if (!pastTheEnd && (!response.ok || !body.status)) throw new Error(`${url} answered ${response.status}`)
  return { ms, total: body.data?.total ?? 1 }
}

/** An approver's clicks: tabs, a number filter (or none), a sort and a page, all varied. */
function listUrls(origin: string, count: number): string[] {
  const tabs = ['open', 'in_process', 'finished']
  const numbers = ['', '', '20', '77', '0451', '99', '2077001', '123']
  const sorts = ['-created', 'basket_number', '-basket_number', 'name1', 'customer', '-last_status_update', 'status']
  const pages = [1, 1, 2, 3, 10, 40]
  return Array.from({ length: count }, (_, i) => {
    // The approve screen's call: a tab and a page of 25, named (the API's default is every basket).
    const query = new URLSearchParams({
      number_per_page: '25',
      tab: tabs[i % tabs.length]!,
      sort: sorts[(i * 3) % sorts.length]!,
      page: String(pages[(i * 5) % pages.length]),
    })
    const number = numbers[(i * 7) % numbers.length]!
    if (number) query.set('number', number)
    return `${origin}/vue/basket/list/?${query}`
  })
}

async function main(): Promise<void> {
  requireBuild()
  const dataDir = benchFolder('bench-approval-')
  const port = await freePort(3230, 3299)
  const origin = `http://127.0.0.1:${port}`
  const started = performance.now()
  await prepareData(dataDir)
  console.log(`prepared ${BASKETS.toLocaleString('en')} extra baskets in ${Math.round(performance.now() - started)} ms`)
  const server = startBuiltServer({ port, dataDir })
  try {
    await waitFor(`${origin}/vue/maintenance/`, 120_000, server)
    const token = await demoToken(origin)

    const urls = listUrls(origin, WARMUP + REQUESTS)
    const baseline = Array.from(
      { length: WARMUP + REQUESTS },
      (_, i) => `${origin}/vue/basket/2077${String(1 + ((i * 37) % BASKETS)).padStart(6, '0')}/status/`,
    )
    // Interleaved, so both see the same machine state; the warm-up is left out.
    const list: number[] = []
    const status: number[] = []
    let seen = 0
    for (let i = 0; i < urls.length; i++) {
      const listed = await timed(urls[i]!, token)
      const one = await timed(baseline[i]!, token)
      if (i < WARMUP) continue
      list.push(listed.ms)
      status.push(one.ms)
      seen = Math.max(seen, listed.total)
    }
    const row = (name: string, values: number[]) =>
      `${name.padEnd(34)} p50 ${percentile(values, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(values, 95).toFixed(1).padStart(6)} ms   p99 ${percentile(values, 99).toFixed(1).padStart(6)} ms`
    console.log(`\n${REQUESTS} requests each, sequential, after ${WARMUP} warm-up requests; largest tab seen: ${seen} baskets`)
    console.log(row('basket list (filtered, paged)', list))
    console.log(row('baseline: one basket status', status))
    console.log(`ratio list/status at p95: ${(percentile(list, 95) / percentile(status, 95)).toFixed(2)}`)
    writeResult(
      [50, 95, 99].map((p): Figure => ({
        figure: `basket list of ${BASKETS.toLocaleString('en')} (filtered, paged), p${p}`,
        value: percentile(list, p),
        unit: 'ms',
        baseline: { figure: `one basket status, p${p}`, value: percentile(status, p) },
      })),
    )
  } finally {
    await stop(server)
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
