import { connect } from 'node:net'
import { z } from 'zod'
import { E2E_BASE_PORT } from '../playwright.config'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/server/seed/demo-accounts'
import { drip } from '../tests/helpers/drip'
import { expect, test } from './fixtures'
import { OwnServer, serveDuring } from './own-server'

// Slow clients (decision 051), on the built server: clients sending a body a byte a second hold
// no place others need, an address gets at most its share of such requests (429 past it), and a
// body, or headers, late past their bound are ended with 408. Short bounds keep it to seconds.
test.describe.configure({ mode: 'serial' })
test.setTimeout(120_000)

const DRIPS = 100
const BODY_BOUND_MS = 3000
const HEADERS_BOUND_MS = 2000
// The bound is checked once a second; a loaded machine may add a little.
const SLACK_MS = 2000

async function login(origin: string, forwardedFor: string): Promise<{ status: number; ms: number; jwt?: string }> {
  const started = Date.now()
  const response = await fetch(`${origin}/vue/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ username: DEMO_ACCOUNTS.dealer.username, password: DEMO_PASSWORD }),
  })
  const body = z.object({ data: z.object({ jwt: z.string() }).optional() }).parse(await response.json())
  return { status: response.status, ms: Date.now() - started, jwt: body.data?.jwt }
}

test.describe('slow clients', () => {
  const server = new OwnServer(E2E_BASE_PORT + 27, `./data/e2e-slow-clients-${process.pid}`, {
    TRUST_PROXY: '1',
    MAX_IN_FLIGHT: '16',
    MAX_BODIES_PER_CLIENT: '8',
    REQUEST_BODY_TIMEOUT_MS: String(BODY_BOUND_MS),
    REQUEST_HEADERS_TIMEOUT_MS: String(HEADERS_BOUND_MS),
  })
  serveDuring(test, server)

  /** While the drips go on: a normal client's company info and login, each answered 200 in under 2 s. */
  async function normalClientAnswers(): Promise<void> {
    const signedIn = await login(server.origin, '10.9.9.9')
    expect([signedIn.status, signedIn.ms < 2000], `login took ${signedIn.ms} ms`).toEqual([200, true])
    const info = `${server.origin}/vue/company/${DEMO_ACCOUNTS.dealer.companyId}/info/`
    for (let round = 0; round < 5; round++) {
      const started = Date.now()
      const response = await fetch(info, { headers: { authorization: `JWT ${signedIn.jwt}`, 'x-forwarded-for': '10.9.9.9' } })
      const ms = Date.now() - started
      expect([response.status, ms < 2000], `company info, round ${round}: ${ms} ms`).toEqual([200, true])
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }

  test(`${DRIPS} drips from one address: ${8} are received and ended with 408 within the bound, the rest get 429 at once; others are served`, async () => {
    const drips = Array.from({ length: DRIPS }, () => drip(server.port, { giveUpMs: 30_000 }))
    await normalClientAnswers()
    const ended = await Promise.all(drips)
    expect(ended.filter((one) => one.status === '408')).toHaveLength(8)
    expect(ended.filter((one) => one.status === '429')).toHaveLength(DRIPS - 8)
    expect(Math.max(...ended.map((one) => one.ms))).toBeLessThan(BODY_BOUND_MS + SLACK_MS)
  })

  test(`${DRIPS} drips from as many addresses hold no place of MAX_IN_FLIGHT (16): others are served; every drip is ended within the bound`, async () => {
    // Each address's first body is received, however many others arrive: all drips, and the login.
    const drips = Array.from({ length: DRIPS }, (_, i) => drip(server.port, { forwardedFor: `10.1.${Math.floor(i / 200)}.${i % 200}`, giveUpMs: 30_000 }))
    await normalClientAnswers()
    const ended = await Promise.all(drips)
    expect(ended.filter((one) => one.status === '408')).toHaveLength(DRIPS)
    expect(Math.max(...ended.map((one) => one.ms))).toBeLessThan(BODY_BOUND_MS + SLACK_MS)
  })

  test('headers sent a byte a second are ended with 408 within their bound', async () => {
    const started = Date.now()
    const socket = connect(server.port, '127.0.0.1')
    let answer = ''
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')))
    socket.on('error', () => undefined)
    socket.write('GET /vue/maintenance/ HTTP/1.1\r\nhost: localhost\r\nx-slow: ')
    const timer = setInterval(() => socket.writable && socket.write('a'), 1000)
    const ms = await new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - started)))
    clearInterval(timer)
    expect(answer).toMatch(/^HTTP\/1\.1 408/)
    expect(ms).toBeLessThan(HEADERS_BOUND_MS + SLACK_MS)
  })
})
