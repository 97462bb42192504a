import { describe, expect, it } from 'vitest'
import { sharedAnswer, successEnvelope } from '../../src/server/endpoint/shared-json.server'

// A read cache's answer is turned into its envelope's bytes once and then reused as they are
// (decision 033: no JSON, string building or UTF-8 encoding per answer).
describe('success envelopes', () => {
  it('are made once, as UTF-8 bytes, for a shared answer', () => {
    const data = sharedAnswer({ name1: 'Möbelfronten & Türen', breadcrumbs: [[2, 'Holzhandel Brenner GmbH & Co. KG']] })
    const first = successEnvelope(data)
    expect(first).toBeInstanceOf(Uint8Array)
    expect(successEnvelope(data)).toBe(first)
    expect(Buffer.from(first).toString('utf8')).toBe(JSON.stringify({ status: true, messages: [], data }))
  })

  it('are made per answer for anything else, and without data when there is none', () => {
    const data = { id: 7 }
    expect(successEnvelope(data)).toBe('{"status":true,"messages":[],"data":{"id":7}}')
    expect(successEnvelope(undefined)).toBe('{"status":true,"messages":[]}')
    expect(successEnvelope([1, 'ä'])).toBe('{"status":true,"messages":[],"data":[1,"ä"]}')
  })
})
