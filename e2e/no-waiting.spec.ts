import { existsSync, openAsBlob, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { E2E_BASE_PORT } from '../playwright.config'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/server/seed/demo-accounts'
import { expect, test } from './fixtures'
import { OwnServer } from './own-server'
import { priceListFile } from './price-list-file'

// No user waits for another (decision 033), on the built server with the embedded database: a long
// job leaves other requests answered (an order, not a time), and past the bound on work in
// progress a request is refused at once with 503 and Retry-After instead of waiting.
test.describe.configure({ mode: 'serial' })
test.setTimeout(180_000)

async function token(origin: string, account: keyof typeof DEMO_ACCOUNTS): Promise<string> {
  const response = await fetch(`${origin}/vue/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_ACCOUNTS[account].username, password: DEMO_PASSWORD }),
  })
  return z.object({ data: z.object({ jwt: z.string() }) }).parse(await response.json()).data.jwt
}

/** Sends a price list to be applied; `ended` says whether its answer came. */
async function applyPriceList(origin: string, staff: string, file: string): Promise<{ answer: Promise<Response>; ended: () => boolean }> {
  const form = new FormData()
  form.set('prices', await openAsBlob(file, { type: 'text/csv' }), 'prices.csv')
  let ended = false
  const answer = fetch(`${origin}/vue/price/upload/?dry_run=0`, { method: 'POST', headers: { authorization: `JWT ${staff}` }, body: form }).finally(() => {
    ended = true
  })
  return { answer, ended: () => ended }
}

test('while a large price list is applied, /health and a cached API call are answered before it ends', async () => {
  const server = new OwnServer(E2E_BASE_PORT + 10, `./data/e2e-no-waiting-${process.pid}`)
  server.remove()
  const file = await priceListFile(300_000, 'WAIT')
  try {
    await server.start()
    const staff = await token(server.origin, 'staff')
    const dealer = await token(server.origin, 'dealer')
    const info = `${server.origin}/vue/company/${DEMO_ACCOUNTS.dealer.companyId}/info/`
    expect((await fetch(info, { headers: { authorization: `JWT ${dealer}` } })).status).toBe(200) // now cached
    const upload = await applyPriceList(server.origin, staff, file)
    // The body is in and the upload is being worked on.
    const spool = join(server.dataDir, 'spool')
    await expect.poll(() => existsSync(spool) && readdirSync(spool).length > 0, { timeout: 30_000, intervals: [20] }).toBe(true)
    for (let round = 0; round < 5; round++) {
      const [health, cached] = await Promise.all([fetch(`${server.origin}/health`), fetch(info, { headers: { authorization: `JWT ${dealer}` } })])
      expect([health.status, cached.status]).toEqual([200, 200])
      expect(upload.ended(), `round ${round}: answered only after the upload ended`).toBe(false)
    }
    expect((await upload.answer).status).toBe(200)
  } finally {
    await server.stop()
    server.remove()
    rmSync(file, { force: true })
  }
})

test('past the bound on requests in progress, a request gets 503 with Retry-After at once, in its language; /health still answers', async () => {
  // One request in progress: a large price list, its body in (a body still arriving holds no
  // place of MAX_IN_FLIGHT, decision 051) and being applied.
  const server = new OwnServer(E2E_BASE_PORT + 10, `./data/e2e-busy-${process.pid}`, { MAX_IN_FLIGHT: '1' })
  server.remove()
  const file = await priceListFile(300_000, 'BUSY')
  try {
    await server.start()
    const staff = await token(server.origin, 'staff')
    const upload = await applyPriceList(server.origin, staff, file)
    await expect.poll(async () => (await fetch(`${server.origin}/vue/maintenance/`)).status, { timeout: 30_000, intervals: [20] }).toBe(503)
    const api = await fetch(`${server.origin}/vue/maintenance/`, { headers: { 'accept-language': 'de' } })
    expect(api.status).toBe(503)
    expect(api.headers.get('retry-after')).toBe('1')
    expect(await api.json()).toEqual({ status: false, messages: ['Das Portal ist gerade ausgelastet. Bitte versuchen Sie es gleich noch einmal.'] })
    const page = await fetch(`${server.origin}/login`, { headers: { 'accept-language': 'en' } })
    expect(page.status).toBe(503)
    expect(page.headers.get('retry-after')).toBe('1')
    expect(await page.text()).toContain('The portal is busy right now. Please try again in a moment.')
    expect((await fetch(`${server.origin}/health`)).status).toBe(200)
    expect(upload.ended(), 'the bound was reached only after the upload ended').toBe(false)

    expect((await upload.answer).status).toBe(200)
    await expect.poll(async () => (await fetch(`${server.origin}/vue/maintenance/`)).status, { timeout: 10_000 }).toBe(200)
  } finally {
    await server.stop()
    server.remove()
    rmSync(file, { force: true })
  }
})
