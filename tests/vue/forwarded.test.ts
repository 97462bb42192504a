import { describe, expect, it } from 'vitest'
import { clientAddressOf, hostOf, originOf } from '../../src/server/http-api/forwarded.server'

describe('forwarded headers', () => {
  const headers = new Headers({ 'x-forwarded-for': '6.6.6.6, 10.0.0.7', 'x-forwarded-host': 'doors.localhost:3000', 'x-forwarded-proto': 'https' })
  const request = new Request('http://127.0.0.1:3100/vue/login/', { headers })

  it('ignores them without TRUST_PROXY', () => {
    expect(clientAddressOf(headers, '127.0.0.1', false)).toBe('127.0.0.1')
    expect(hostOf(request, false)).toBe('127.0.0.1:3100')
    expect(originOf(request, false)).toBe('http://127.0.0.1:3100')
  })

  it('takes the entry our proxy appended, not what the client wrote before it', () => {
    expect(clientAddressOf(headers, '127.0.0.1', true)).toBe('10.0.0.7')
    expect(hostOf(request, true)).toBe('doors.localhost:3000')
    expect(originOf(request, true)).toBe('https://doors.localhost:3000')
  })

  it('falls back to the socket when the header is missing', () => {
    expect(clientAddressOf(new Headers(), '192.0.2.1', true)).toBe('192.0.2.1')
    expect(clientAddressOf(new Headers(), undefined, false)).toBe('unknown')
  })
})
