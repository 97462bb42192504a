import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { companyInfoEndpoint } from '../../src/contract/companies'
import { addressCreateEndpoint } from '../../src/contract/delivery'
import { isNoRoom, unavailableReason } from '../../src/server/db/errors.server'
import { noRoomToWrite, noteNoRoom, resetNoRoom } from '../../src/server/db/no-room.server'
import { failureOf } from '../../src/server/endpoint/failure.server'
import { databaseCheck, newestMigration, readinessAnswer } from '../../src/server/ops/readiness.server'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { startApi, type TestApi } from '../helpers/api'
import { MIGRATIONS } from '../helpers/database'
import { captureLog } from '../helpers/observed-server'

// Writes that fail for lack of room (decision 050): PostgreSQL's disk-full and write errors are
// "try again later" (503, Retry-After, a message in the caller's language), and /ready says
// `disk` from such a failure until a write succeeds. tests/db/disk-full.test.ts fills a real disk.
function databaseError(code: string, message: string): Error {
  // As drizzle throws it: its own error, the driver's (with PostgreSQL's code) as the cause.
  return new Error(`Failed query: insert into "delivery_addresses" …`, { cause: Object.assign(new Error(message), { code }) })
}

const DISK_FULL = databaseError('53100', 'could not extend file "base/16384/16500": No space left on device')

describe('no room to write', () => {
  let api: TestApi
  beforeAll(async () => {
    api = await startApi()
  })
  afterAll(() => api.close())
  afterEach(() => resetNoRoom())

  it('classifies disk full, out of resources and a failed write as unavailable for lack of room', () => {
    expect(unavailableReason(DISK_FULL)).toBe('53100')
    expect(unavailableReason(databaseError('53000', 'out of file descriptors'))).toBe('53000')
    expect(unavailableReason(databaseError('58030', 'could not write to file: Input/output error'))).toBe('58030')
    for (const code of ['53100', '53000', '58030']) expect(isNoRoom(code)).toBe(true)
    for (const code of ['57P01', '55P03', 'ECONNREFUSED', 'timeout exceeded when trying to connect']) expect(isNoRoom(code)).toBe(false)
    expect(unavailableReason(databaseError('23505', 'duplicate key'))).toBeNull()
  })

  it('answers 503 with a longer Retry-After and says so in German and in English', () => {
    const log = captureLog('warn')
    try {
      const english = failureOf(DISK_FULL, 'en', 'POST', '/vue/company/1/address/new/')
      expect(english).toEqual({
        httpStatus: 503,
        messages: ['The server has no room to save right now. Please try again later.'],
        headers: { 'Retry-After': '30' },
      })
      const german = failureOf(DISK_FULL, 'de', 'POST', '/vue/company/1/address/new/')
      expect(german.messages).toEqual(['Der Server hat gerade keinen Platz zum Speichern. Bitte versuchen Sie es später noch einmal.'])
      // Logged once when writes start failing, not once a call; never as "unexpected error".
      expect(log.lines.filter((line) => line.msg?.startsWith('the database has no room to write'))).toHaveLength(1)
      expect(log.lines.filter((line) => line.msg === 'unexpected error')).toEqual([])
    } finally {
      log.release()
    }
  })

  it('makes /ready say "disk" until a write succeeds, then ready again', async () => {
    const { carpenter } = DEMO_ACCOUNTS
    const token = await api.loginAs(carpenter.username)
    const check = databaseCheck(() => Promise.resolve(api.database), newestMigration(MIGRATIONS))
    expect(await check()).toEqual({ ready: true })
    const log = captureLog('warn')
    try {
      failureOf(DISK_FULL, 'en', 'POST', '/vue/company/1/address/new/')
      const notReady = await check()
      expect(notReady).toEqual({ ready: false, reason: 'disk' })
      const answer = readinessAnswer(notReady)
      expect([answer.status, answer.body, answer.headers['retry-after']]).toEqual([503, '{"ready":false,"reason":"disk"}', '30'])
      // A read that succeeds says nothing about room to write.
      expect((await api.call(companyInfoEndpoint, { id: carpenter.companyId }, { token })).httpStatus).toBe(200)
      expect(await check()).toEqual({ ready: false, reason: 'disk' })
      // A write that succeeds does.
      const saved = await api.call(
        addressCreateEndpoint,
        { cid: carpenter.companyId, name1: 'Lager Nord', address1: 'Hafenstraße 3', zip: '20457', city: 'Hamburg', country: 'DE', phone: '+49 40 123456' },
        { token },
      )
      expect(saved.httpStatus, saved.messages.join(' ')).toBe(200)
      expect(await check()).toEqual({ ready: true })
      expect(log.lines.filter((line) => line.msg === 'the database writes again')).toHaveLength(1)
    } finally {
      log.release()
    }
  })

  it('gives the balancer the server back a minute after the last such failure, with no write in between', () => {
    const log = captureLog('warn')
    try {
      const start = 1_000_000
      noteNoRoom('53100', start)
      expect(noRoomToWrite(start + 59_000)).toBe(true)
      expect(noRoomToWrite(start + 61_000)).toBe(false)
      // The next failing write takes it out again, and says so again.
      noteNoRoom('53100', start + 62_000)
      expect(noRoomToWrite(start + 62_500)).toBe(true)
      expect(log.lines.filter((line) => line.msg?.startsWith('the database has no room to write'))).toHaveLength(2)
    } finally {
      log.release()
    }
  })
})
