import { SignJWT, base64url } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { companyInfoEndpoint } from '../../src/contract/companies'
import { issueToken } from '../../src/server/auth/token.server'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { startApi, type EndpointOptions, type TestApi } from '../helpers/api'

// Every way a token can be wrong gets 401 with a clear message on an authenticated endpoint.
let api: TestApi
const staff = DEMO_ACCOUNTS.staff
const secret = new TextEncoder().encode(process.env.JWT_SECRET)

// An authenticated endpoint: the company info of the staff account's company.
const info = (options?: EndpointOptions) => api.call(companyInfoEndpoint, { id: staff.companyId }, options)

beforeAll(async () => {
  api = await startApi()
})
afterAll(() => api.close())

describe('tokens on /vue/', () => {
  it('accepts "JWT <token>" and "Bearer <token>"', async () => {
    const token = await api.loginAs(staff.username)
    expect((await info({ authorization: `JWT ${token}` })).httpStatus).toBe(200)
    expect((await info({ authorization: `Bearer ${token}` })).httpStatus).toBe(200)
  })

  it('refuses a missing token', async () => {
    const result = await info()
    expect(result.httpStatus).toBe(401)
    expect(result.messages).toEqual(['Please log in first.'])
  })

  it('refuses a malformed authorization header', async () => {
    const result = await info({ authorization: 'Basic c3RhZmY6cGFzcw==' })
    expect(result.httpStatus).toBe(401)
  })

  it('refuses a token from yesterday', async () => {
    const yesterday = Date.now() - 86_400_000
    const token = await issueToken({ userId: staff.userId }, yesterday)
    const result = await info({ token })
    expect(result.httpStatus).toBe(401)
    expect(result.messages).toEqual(['Your session has expired. Please log in again.'])
  })

  it('refuses a token issued before local midnight even when it is only minutes old', async () => {
    const issued = Date.parse('2026-11-22T22:50:00Z') // 23:50 in Berlin
    const token = await issueToken({ userId: staff.userId }, issued)
    const sameDay = await info({ token, nowMs: Date.parse('2026-11-22T22:55:00Z') })
    expect(sameDay.httpStatus).toBe(200)
    const nextDay = await info({ token, nowMs: Date.parse('2026-11-22T23:05:00Z') })
    expect(nextDay.httpStatus).toBe(401)
  })

  it('ends a session at midnight even while its checked signature is kept (a minute)', async () => {
    const issued = Date.parse('2026-11-23T22:59:20Z') // 23:59:20 in Berlin
    const token = await issueToken({ userId: staff.userId }, issued)
    const before = await info({ token, nowMs: Date.parse('2026-11-23T22:59:40Z') })
    expect(before.httpStatus).toBe(200)
    // 30 s later, within the minute the signature check is kept: the day has changed.
    const after = await info({ token, nowMs: Date.parse('2026-11-23T23:00:10Z') })
    expect(after.httpStatus).toBe(401)
    expect(after.messages).toEqual(['Your session has expired. Please log in again.'])
    // Nor is it valid before it was issued.
    const early = await info({ token, nowMs: Date.parse('2026-11-23T22:59:00Z') })
    expect(early.httpStatus).toBe(401)
  })

  it('refuses a token whose last character differs only in bits its bytes do not use', async () => {
    const token = await api.loginAs(staff.username)
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    const spellings = [...alphabet].filter((char) => char !== token.at(-1)).map((char) => `${token.slice(0, -1)}${char}`)
    // Some of these decode to the very same signature bytes: still not the token that was issued.
    expect(spellings.some((other) => Buffer.from(other.split('.')[2]!, 'base64url').equals(Buffer.from(token.split('.')[2]!, 'base64url')))).toBe(true)
    for (const other of spellings) expect((await info({ token: other })).httpStatus, other.slice(-4)).toBe(401)
    expect((await info({ token })).httpStatus).toBe(200)
  })

  it('refuses a tampered token', async () => {
    const token = await api.loginAs(staff.username)
    const [header, , signature] = token.split('.')
    const payload = base64url.encode(
      JSON.stringify({ sub: String(DEMO_ACCOUNTS.carpenter.userId), iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 600 }),
    )
    const result = await info({ token: `${header}.${payload}.${signature}` })
    expect(result.httpStatus).toBe(401)
    expect(result.messages).toEqual(['Your session is not valid. Please log in again.'])
  })

  it('refuses a token signed with another algorithm', async () => {
    const now = Math.floor(Date.now() / 1000)
    const hs512 = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(String(staff.userId))
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(secret)
    expect((await info({ token: hs512 })).httpStatus).toBe(401)
    const none = `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64url.encode(JSON.stringify({ sub: String(staff.userId), iat: now, exp: now + 600 }))}.`
    expect((await info({ authorization: `JWT ${none}` })).httpStatus).toBe(401)
  })

  it('refuses a token signed with another secret', async () => {
    const now = Math.floor(Date.now() / 1000)
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(staff.userId))
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode('another-secret-of-sufficient-length-000'))
    expect((await info({ token: forged })).httpStatus).toBe(401)
  })

  it('refuses a token for a user that does not exist', async () => {
    const token = await issueToken({ userId: 999_999 })
    expect((await info({ token })).httpStatus).toBe(401)
  })
})
