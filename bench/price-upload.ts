// The CSV price upload end to end (decision 015): generated German price lists of 100,000 and
// 1,000,000 rows (`;`, decimal commas, DD.MM.YYYY) are posted to the built server on the
// embedded database — dry run, then apply — and, in the same run, the same rows are loaded
// with a plain `COPY` into a fresh table with the same columns and primary key in the same
// database as the baseline. Prints times, rows/s, the server's peak memory (VmHWM) and the
// ratio to COPY; targets: 100,000 rows ≤ 5 s, 1,000,000 ≤ 30 s and ≤ 2 × COPY, peak RSS ≤ 600 MB.
// `npm run build && npm run bench:price-upload`. Small mode (BENCH_SMALL=1): one list of 2,000 rows.
import { createReadStream, createWriteStream, openAsBlob, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { once } from 'node:events'
import { pipeline } from 'node:stream/promises'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import { z } from 'zod'
import { priceUploadData } from '../src/contract/price-upload'
import { sizedList } from './lib/mode'
import { writeResult, type Figure } from './lib/result'
import { benchFolder, demoToken, embeddedConnection, freePort, prepareDataDir, requireBuild, startBuiltServer, stop, waitFor } from './lib/server'

const SIZES = sizedList('BENCH_UPLOAD_ROWS', { full: [100_000, 1_000_000], small: [2_000] })
const TARGET_MS: Record<number, number> = { 100_000: 5_000, 1_000_000: 30_000 }
const RSS_TARGET_MB = 600
// Target (decision 033): applying a million rows costs at most 2 × a plain COPY of them.
const RATIO_TARGET: Record<number, number> = { 1_000_000: 2 }

/** Writes `rows` price rows, German style for the upload or with decimal points for COPY. */
async function writeCsv(path: string, rows: number, style: 'german' | 'copy'): Promise<void> {
  const out = createWriteStream(path)
  out.write('article_uid;article_type;price;currency;valid_from\n')
  let chunk = ''
  for (let i = 1; i <= rows; i++) {
    const cents = 100 + ((i * 7919) % 9_999_900)
    const euros = Math.floor(cents / 100)
    const rest = String(cents % 100).padStart(2, '0')
    const day = String(1 + (i % 28)).padStart(2, '0')
    chunk +=
      style === 'german'
        ? `BENCH-${String(i).padStart(7, '0')};${i % 3 === 0 ? 'SCHARNIER' : 'GRIFF'};${euros.toLocaleString('de-DE')},${rest};EUR;${day}.03.2027\n`
        : `BENCH-${String(i).padStart(7, '0')};${i % 3 === 0 ? 'SCHARNIER' : 'GRIFF'};${euros}.${rest};EUR;2027-03-${day}\n`
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, 'drain')
      chunk = ''
    }
  }
  out.end(chunk)
  await once(out, 'finish')
}

function peakMb(pid: number): { peak: number; now: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0)
  return { peak: Math.round(kb('VmHWM') / 1024), now: Math.round(kb('VmRSS') / 1024) }
}

async function post(origin: string, token: string, file: string, dryRun: boolean) {
  const form = new FormData()
  form.set('prices', await openAsBlob(file, { type: 'text/csv' }), 'prices.csv')
  const started = performance.now()
  const response = await fetch(`${origin}/vue/price/upload/?dry_run=${dryRun ? 1 : 0}`, {
    method: 'POST',
    headers: { authorization: `JWT ${token}` },
    body: form,
  })
  const body = z.object({ status: z.boolean(), messages: z.array(z.string()), data: z.unknown() }).parse(await response.json())
  const ms = performance.now() - started
  if (!body.status) throw new Error(`upload answered ${response.status}: ${body.messages.slice(0, 3).join(' | ')}`)
  return { ms, data: priceUploadData.parse(body.data) }
}

/**
 * The baseline: a plain COPY of the same rows (decimal points, ISO dates) into a fresh table with
 * the price list's columns and primary key, in the server's own embedded database while it runs.
 */
async function copyBaseline(file: string, dataDir: string, rows: number): Promise<number> {
  const client = new pg.Client(embeddedConnection(dataDir))
  await client.connect()
  const table = `bench_copy_${rows}`
  try {
    await client.query(`drop table if exists ${table}`)
    // The price list's columns, defaults and primary key (its one index).
    await client.query(`create table ${table} (like price_list_entries including defaults including indexes)`)
    const started = performance.now()
    await pipeline(
      createReadStream(file),
      client.query(copyFrom(`copy ${table} (article_uid, article_type, price, currency, valid_from) from stdin with (format csv, delimiter ';', header true)`)),
    )
    const ms = performance.now() - started
    await client.query(`drop table ${table}`)
    return ms
  } finally {
    await client.end()
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const perSecond = (rows: number, ms: number) => `${Math.round(rows / (ms / 1000)).toLocaleString('en')} rows/s`

async function main(): Promise<void> {
  requireBuild()
  const work = benchFolder('bench-upload-')
  const port = await freePort(3240, 3299)
  const origin = `http://127.0.0.1:${port}`
  // The demo data is loaded before the server starts (as on a portal that has run before), so
  // the memory measured is the server's own, not the first-start seeding.
  await prepareDataDir(join(work, 'server'), async () => undefined)
  const server = startBuiltServer({ port, dataDir: join(work, 'server') })
  const results: string[] = []
  const figures: Figure[] = []
  let worst = 0
  try {
    await waitFor(`${origin}/vue/maintenance/`, 120_000, server)
    const token = await demoToken(origin)
    console.log(`server up, RSS ${peakMb(server.pid!).now} MB`)
    // From here on VmHWM is the peak of the uploads (writing 5 to clear_refs resets it).
    writeFileSync(`/proc/${server.pid}/clear_refs`, '5')
    for (const rows of SIZES) {
      const german = join(work, `prices-${rows}.csv`)
      const plain = join(work, `copy-${rows}.csv`)
      await writeCsv(german, rows, 'german')
      await writeCsv(plain, rows, 'copy')
      const mb = (statSync(german).size / 1_048_576).toFixed(1)
      const dry = await post(origin, token, german, true)
      const applied = await post(origin, token, german, false)
      const memory = peakMb(server.pid!)
      worst = Math.max(worst, memory.peak)
      const copyMs = await copyBaseline(plain, join(work, 'server'), rows)
      const target = TARGET_MS[rows]
      const verdict = target ? (applied.ms <= target ? `PASS (≤ ${seconds(target)})` : `MISS (> ${seconds(target)})`) : ''
      results.push(
        [
          `${rows.toLocaleString('en')} rows (${mb} MB): ${applied.data.new.toLocaleString('en')} new, ${applied.data.changed.toLocaleString('en')} changed`,
          `  dry run   ${seconds(dry.ms).padStart(9)}   ${perSecond(rows, dry.ms)}`,
          `  apply     ${seconds(applied.ms).padStart(9)}   ${perSecond(rows, applied.ms)}   ${verdict}`,
          `  COPY      ${seconds(copyMs).padStart(9)}   ${perSecond(rows, copyMs)}   (baseline)`,
          `  ratio apply/COPY ${(applied.ms / copyMs).toFixed(2)}, dry run/COPY ${(dry.ms / copyMs).toFixed(2)}`,
          `  server memory: peak ${memory.peak} MB during the uploads so far, now ${memory.now} MB`,
        ].join('\n'),
      )
      console.log(results.at(-1))
      const size = rows.toLocaleString('en')
      const copy = { figure: `COPY of ${size} rows`, value: copyMs }
      figures.push(
        { figure: `upload of ${size} rows, dry run`, value: dry.ms, unit: 'ms', baseline: copy },
        {
          figure: `upload of ${size} rows, apply`,
          value: applied.ms,
          unit: 'ms',
          baseline: copy,
          target: target ? { of: 'value', bound: 'max', limit: target } : undefined,
        },
      )
      const ratio = RATIO_TARGET[rows]
      if (ratio)
        figures.push({
          figure: `upload of ${size} rows, apply (to COPY)`,
          value: applied.ms,
          unit: 'ms',
          baseline: copy,
          target: { of: 'ratio', bound: 'max', limit: ratio },
        })
    }
    console.log(`\npeak server RSS ${worst} MB: ${worst <= RSS_TARGET_MB ? 'PASS' : 'MISS'} (target ≤ ${RSS_TARGET_MB} MB)`)
    figures.push({ figure: 'peak server RSS during the uploads', value: worst, unit: 'MB', target: { of: 'value', bound: 'max', limit: RSS_TARGET_MB } })
    writeResult(figures)
  } finally {
    await stop(server)
    rmSync(work, { recursive: true, force: true })
  }
}

await main()
