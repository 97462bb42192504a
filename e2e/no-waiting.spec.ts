import { existsSync, openAsBlob, readdirSync, rmSync } from 'node:fs'
import { request as httpRequest, type ClientRequest } from 'node:http'
import { join } from 'node:path'
import { z } from 'zod'
import { E2E_BASE_PORT } from '../playwright.config'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/server/seed/demo-accounts'
import { expect, test } from './fixtures'
import { OwnServer } from './own-server'
import { priceListFile } from './price-list-file'

// No user waits for another (issue 26), on the built server with the embedded database: a long
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
    const form = new FormData()
    form.set('prices', await openAsBlob(file, { type: 'text/csv' }), 'prices.csv')
    let uploadEnded = false
    const upload = fetch(`${server.origin}/vue/price/upload/?dry_run=0`, { method: 'POST', headers: { authorization: `JWT ${staff}` }, body: form }).finally(
      () => {
        uploadEnded = true
      },
    )
    // The body is in and the upload is being worked on.
    const spool = join(server.dataDir, 'spool')
    await expect.poll(() => existsSync(spool) && readdirSync(spool).length > 0, { timeout: 30_000, intervals: [20] }).toBe(true)
    for (let round = 0; round < 5; round++) {
      const [health, cached] = await Promise.all([fetch(`${server.origin}/health`), fetch(info, { headers: { authorization: `JWT ${dealer}` } })])
      expect([health.status, cached.status]).toEqual([200, 200])
      expect(uploadEnded, `round ${round}: answered only after the upload ended`).toBe(false)
    }
    expect((await upload).status).toBe(200)
  } finally {
    await server.stop()
    server.remove()
    rmSync(file, { force: true })
  }
})

test('past the bound on requests in progress, a request gets 503 with Retry-After at once, in its language; /health still answers', async () => {
  const server = new OwnServer(E2E_BASE_PORT + 10, `./data/e2e-busy-${process.pid}`, { MAX_IN_FLIGHT: '2' })
  server.remove()
  const held: ClientRequest[] = []
  const answeredEarly: number[] = []
  try {
    await server.start()
    const staff = await token(server.origin, 'staff')
    // Two uploads whose bodies never finish keep two requests in progress.
    for (let i = 0; i < 2; i++) {
      const slow = httpRequest(`${server.origin}/vue/price/upload/`, {
        method: 'POST',
        headers: { authorization: `JWT ${staff}`, 'content-type': 'multipart/form-data; boundary=x', 'content-length': '100000' },
      })
      slow.on('error', () => undefined)
      // A held upload answered early would free its place: say so if the bound is not reached.
      slow.on('response', (response) => answeredEarly.push(response.statusCode ?? 0))
      slow.flushHeaders()
      slow.write('--x\r\n')
      held.push(slow)
    }
    await expect
      .poll(async () => ({ status: (await fetch(`${server.origin}/vue/maintenance/`)).status, answeredEarly: [...answeredEarly] }), { timeout: 20_000 })
      .toEqual({ status: 503, answeredEarly: [] })
    const api = await fetch(`${server.origin}/vue/maintenance/`, { headers: { 'accept-language': 'de' } })
    expect(api.status).toBe(503)
    expect(api.headers.get('retry-after')).toBe('1')
    expect(await api.json()).toEqual({ status: false, messages: ['Das Portal ist gerade ausgelastet. Bitte versuchen Sie es gleich noch einmal.'] })
    const page = await fetch(`${server.origin}/login`, { headers: { 'accept-language': 'en' } })
    expect(page.status).toBe(503)
    expect(page.headers.get('retry-after')).toBe('1')
    expect(await page.text()).toContain('The portal is busy right now. Please try again in a moment.')
    expect((await fetch(`${server.origin}/health`)).status).toBe(200)

    for (const slow of held) slow.destroy()
    await expect.poll(async () => (await fetch(`${server.origin}/vue/maintenance/`)).status, { timeout: 10_000 }).toBe(200)
  } finally {
    for (const slow of held) slow.destroy()
    await server.stop()
    server.remove()
  }
})
