import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createInterface } from 'node:readline'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { companyInfoEndpoint } from '../../src/contract/companies'
import { loginEndpoint } from '../../src/contract/session'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/seed/demo-accounts'
import { callEndpoint, type CallContext } from '../../src/server/endpoint/call.server'
import { runInRequest } from '../../src/server/ops/request-context.server'
import { watchRender } from '../../src/server/render-outage.server'
import { remoteHeaders } from '../../src/server/http-api/remote.server'
import { startApi, type TestApi } from '../helpers/api'

// Remote mode: with a backend URL the same calls go over HTTP to another /vue/ server.
// This process's own database is empty, the second backend's is seeded: a login that
// succeeds can only have been answered remotely.
let api: TestApi
let backend: ChildProcess
let backendUrl = ''

beforeAll(async () => {
  api = await startApi({ seed: false })
  backend = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'tests/helpers/second-backend.ts'], {
    env: { ...process.env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const lines = createInterface({ input: backend.stdout! })
  backendUrl = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve)
    backend.once('exit', (code) => reject(new Error(`second backend exited with ${code}`)))
  })
}, 90_000)

afterAll(async () => {
  backend.kill()
  await api.close()
})

const context: CallContext = { token: null, locale: 'en', clientAddress: '127.0.0.1', origin: 'http://localhost:3000' }
const credentials = { username: DEMO_ACCOUNTS.staff.username, password: DEMO_PASSWORD }

describe('remote mode (VUE_BACKEND_URL)', () => {
  it('sends the call to the other backend and parses its answer', async () => {
    const remote = await callEndpoint(loginEndpoint, { params: {}, query: {}, body: credentials }, context, backendUrl)
    expect(remote.status).toBe(true)
    if (!remote.status) return
    expect(remote.data.user.username).toBe(DEMO_ACCOUNTS.staff.username)
    const info = await callEndpoint(
      companyInfoEndpoint,
      { params: { id: DEMO_ACCOUNTS.staff.companyId }, query: {}, body: undefined },
      { ...context, token: remote.data.jwt },
      backendUrl,
    )
    expect(info.status).toBe(true)
  })

  it("sends the id of the request it is made for (X-Request-Id), so both servers' lines of it carry the same id", () => {
    expect(runInRequest({ id: 'page-7f3a', route: 'page' }, () => remoteHeaders(context).get('x-request-id'))).toBe('page-7f3a')
    // Outside a request (start-up, a job): none, and the backend makes its own.
    expect(remoteHeaders(context).get('x-request-id')).toBeNull()
  })

  it('runs in-process without a backend URL (here: an empty database, so the login fails)', async () => {
    const local = await callEndpoint(loginEndpoint, { params: {}, query: {}, body: credentials }, context, undefined)
    expect(local.status).toBe(false)
    expect(local.messages).toEqual(['The username or password is wrong.'])
  })

  it('passes failures of the remote backend through with their messages', async () => {
    const result = await callEndpoint(loginEndpoint, { params: {}, query: {}, body: { ...credentials, password: 'wrong-password' } }, context, backendUrl)
    expect(result).toEqual({ status: false, messages: ['The username or password is wrong.'], data: undefined, httpStatus: 401 })
  })

  it('makes the page under way the short "back in a moment" page when the backend is unreachable or says to try again', async () => {
    const unreachable = await watchRender(() => callEndpoint(loginEndpoint, { params: {}, query: {}, body: credentials }, context, 'http://127.0.0.1:9/'))
    expect(unreachable.unavailable).toBe('backend unreachable')
    const busy = createServer((_request, response) => {
      response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '2' })
      response.end(JSON.stringify({ status: false, messages: ['The database is busy or restarting. Please try again in a moment.'] }))
    })
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = busy.address() as AddressInfo
      const tryAgain = await watchRender(() => callEndpoint(loginEndpoint, { params: {}, query: {}, body: credentials }, context, `http://127.0.0.1:${port}/`))
      expect(tryAgain.rendered).toMatchObject({ status: false, httpStatus: 503 })
      expect(tryAgain.unavailable).toBe('backend answered 503')
      // Any other failure is the screen's to show.
      const refused = await watchRender(() =>
        callEndpoint(loginEndpoint, { params: {}, query: {}, body: { ...credentials, password: 'wrong-password' } }, context, backendUrl),
      )
      expect(refused.unavailable).toBeNull()
    } finally {
      await new Promise((resolve) => busy.close(resolve))
    }
  })

  it('reports an unreachable backend as a failed call, not a crash', async () => {
    const result = await callEndpoint(loginEndpoint, { params: {}, query: {}, body: credentials }, context, 'http://127.0.0.1:9/')
    expect(result.status).toBe(false)
    expect(result.messages).toEqual(['The portal cannot reach its server right now. Please try again in a moment.'])
  })
})
