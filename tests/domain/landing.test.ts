import { describe, expect, it } from 'vitest'
import { homeTargetFor, landingAfterLogin, safeRedirectPath } from '../../src/domain/landing'

const shop = 'http://localhost:3000/dealer/company/3/shop/'
const user = (groups: string[], lines: number) => ({ groups, lines: Array.from({ length: lines }, (_, i) => [i, `L${i}`]), shop_url: shop })

describe('landing after login (first rule wins)', () => {
  it('follows a redirect query first', () => {
    expect(landingAfterLogin(user(['IS_DEALER_ADMIN'], 3), '/order-approve/?order=2012345678')).toEqual({
      kind: 'redirect',
      path: '/order-approve/?order=2012345678',
    })
  })
  it('sends dealer admins to companies', () => {
    expect(landingAfterLogin(user(['IS_DEALER_ADMIN', 'CAN_APPROVE_ORDER'], 3), null)).toEqual({ kind: 'companies' })
  })
  it('sends users with more than one line to select-line', () => {
    expect(landingAfterLogin(user([], 3), null)).toEqual({ kind: 'select-line' })
  })
  it('sends everybody else to the shop', () => {
    expect(landingAfterLogin(user([], 1), null)).toEqual({ kind: 'shop', url: shop })
    expect(landingAfterLogin(user(['CAN_TRANSLATE'], 0), undefined)).toEqual({ kind: 'shop', url: shop })
  })
  it('ignores a redirect query that leaves the portal', () => {
    expect(landingAfterLogin(user([], 1), 'https://evil.example/')).toEqual({ kind: 'shop', url: shop })
  })
})

describe('safe redirect paths (no open redirect)', () => {
  it.each([
    ['/companies/2', '/companies/2'],
    ['/price-logs/?page=2&sort=-date', '/price-logs/?page=2&sort=-date'],
    ['/a/../b', '/b'],
  ])('keeps %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected)
  })
  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'evil',
    '',
    'javascript:alert(1)',
    '/\t/evil.example',
    '/x\n',
    `/${'a'.repeat(2001)}`,
  ])('refuses %j', (input) => {
    expect(safeRedirectPath(input)).toBeNull()
  })
})

describe('home with a valid session', () => {
  it('sends a stored useAs value to redirect2shop before anything else', () => {
    expect(homeTargetFor(user(['IS_DEALER_ADMIN'], 3), true)).toEqual({ kind: 'redirect2shop' })
  })
  it('sends dealer admins to companies', () => {
    expect(homeTargetFor(user(['IS_DEALER_ADMIN'], 1), false)).toEqual({ kind: 'companies' })
  })
  it('sends everybody else to the shop, whatever their number of lines', () => {
    expect(homeTargetFor(user([], 3), false)).toEqual({ kind: 'shop', url: shop })
    expect(homeTargetFor(user(['CAN_TRANSLATE'], 1), false)).toEqual({ kind: 'shop', url: shop })
  })
})
