import { readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { errors, jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { companyInfoEndpoint } from '../../src/contract/companies'
import { CHECK_EVERY_MS, acceptedSecrets } from '../../src/server/auth/secret.server'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { adminInProcess } from '../helpers/admin'
import { startApi, type TestApi } from '../helpers/api'

// Rotating the embedded default's secret while the portal runs (decision 043): this file's
// server has no JWT_SECRET, so it signs with DATA_DIR/jwt-secret — set before any module
// reads the environment — and `rotate-jwt-secret` rewrites that folder under it.
const setting = vi.hoisted(() => {
  const saved = { JWT_SECRET: process.env.JWT_SECRET, DATA_DIR: process.env.DATA_DIR }
  const dataDir = `${process.env.TMPDIR ?? '/tmp'}/portal-rotation-${process.pid}-${Date.now()}`
  process.env.JWT_SECRET = ''
  process.env.DATA_DIR = dataDir
  return { saved, dataDir }
})
const { dataDir } = setting

let api: TestApi
beforeAll(async () => {
  api = await startApi()
})
afterAll(async () => {
  await api.close()
  rmSync(dataDir, { recursive: true, force: true })
  Object.assign(process.env, setting.saved)
})

const staff = DEMO_ACCOUNTS.staff
const info = (token: string, nowMs: number) => api.call(companyInfoEndpoint, { id: staff.companyId }, { token, nowMs })
const secretFile = join(dataDir, 'jwt-secret')
const previousFile = join(dataDir, 'jwt-secret.previous')
const keyOf = (secret: string) => new TextEncoder().encode(secret)
const MINUTE = 60_000

describe('rotate-jwt-secret on the embedded default (DATA_DIR/jwt-secret)', () => {
  it('keeps tokens signed before it valid through the grace period and refuses them after; new tokens use the new secret', async () => {
    const t0 = Date.parse('2026-11-24T09:00:00Z') // 10:00 in Berlin: the tokens' day lasts past the test's times
    const before = await api.loginAs(staff.username, t0)
    const oldSecret = readFileSync(secretFile, 'utf8')
    expect((await info(before, t0 + MINUTE)).httpStatus).toBe(200)

    const run = await adminInProcess(['rotate-jwt-secret', '--grace', '1h'], { settings: { dataDir }, nowMs: t0 + 2 * MINUTE })
    expect([run.code, run.stderr]).toEqual([0, ''])
    expect(run.stdout).toBe(
      `New signing secret written to ${secretFile}; new tokens are signed with it within 2 s.\n` +
        `Tokens signed with the old secret are accepted until 2026-11-24T10:02:00Z (kept in ${previousFile}).`,
    )
    const newSecret = readFileSync(secretFile, 'utf8')
    expect(newSecret).toMatch(/^[A-Za-z0-9_-]{64}$/)
    expect(newSecret).not.toBe(oldSecret)
    const previous = z.object({ secret: z.string(), until: z.string() }).parse(JSON.parse(readFileSync(previousFile, 'utf8')))
    expect(previous).toEqual({ secret: oldSecret, until: '2026-11-24T10:02:00Z' })
    expect([statSync(secretFile).mode & 0o777, statSync(previousFile).mode & 0o777]).toEqual([0o600, 0o600])

    // The running server looks at the files at most every CHECK_EVERY_MS, without a restart.
    await sleep(CHECK_EVERY_MS + 100)
    const after = await api.loginAs(staff.username, t0 + 3 * MINUTE)
    const at = { currentDate: new Date(t0 + 3 * MINUTE) }
    await expect(jwtVerify(after, keyOf(newSecret), at)).resolves.toBeTruthy()
    await expect(jwtVerify(after, keyOf(oldSecret), at)).rejects.toBeInstanceOf(errors.JWSSignatureVerificationFailed)

    // Within the grace period both are sessions; past it only the new one.
    expect((await info(before, t0 + 30 * MINUTE)).httpStatus).toBe(200)
    expect((await info(after, t0 + 30 * MINUTE)).httpStatus).toBe(200)
    const late = await info(before, t0 + 62 * MINUTE + 1000)
    expect([late.httpStatus, late.messages]).toEqual([401, ['Your session is not valid. Please log in again.']])
    expect((await info(after, t0 + 62 * MINUTE + 1000)).httpStatus).toBe(200)

    // The page's signed user cookie is checked against the same secrets (app/request).
    expect(acceptedSecrets(t0 + 30 * MINUTE)).toHaveLength(2)
    expect(acceptedSecrets(t0 + 62 * MINUTE + 1000)).toHaveLength(1)
  })

  it('a second rotation within the grace says that the secret before the current one is no longer accepted', async () => {
    const run = await adminInProcess(['rotate-jwt-secret', '--grace', '30m'], { settings: { dataDir }, nowMs: Date.parse('2026-11-24T09:10:00Z') })
    expect(run.code).toBe(0)
    expect(run.stderr).toBe('The secret before the current one (accepted until 2026-11-24T10:02:00Z) is no longer accepted after this rotation.')
    expect(JSON.parse(readFileSync(previousFile, 'utf8'))).toMatchObject({ until: '2026-11-24T09:40:00Z' })
  })
})
