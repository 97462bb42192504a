import { afterEach, describe, expect, it } from 'vitest'
import { groupedKey, recoveryCodesFileName, recoveryCodesText } from '../../app/features/security/second-factor-text'
import { qrCodeDataUrl } from '../../app/features/security/qr-svg.server'
import { addressShown, browserName } from '../../app/features/security/session-words'
import { baseLocale, overwriteGetLocale } from '../../src/paraglide/runtime'

// The Security page (decisions 054 and 056): the key as typed into an app, the recovery codes'
// file, a session's address, and the QR code drawn on the server.
afterEach(() => overwriteGetLocale(() => baseLocale))

describe('the key for typing in', () => {
  it('comes in groups of four', () => {
    expect(groupedKey('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')
    expect(groupedKey('ABCDEF')).toBe('ABCD EF')
    expect(groupedKey('')).toBe('')
  })
})

describe('the recovery codes file', () => {
  const codes = ['abcd-efgh-ijkl-mnop', 'qrst-uvwx-yz23-4567']

  it('says whose codes they are, in the page language, then one code a line', () => {
    overwriteGetLocale(() => 'de')
    const text = recoveryCodesText(codes, 'anna@example.com', 'Partnerportal')
    expect(text.split('\r\n')).toEqual(['Wiederherstellungscodes von anna@example.com für Partnerportal. Jeder Code meldet einmal an.', '', ...codes, ''])
    overwriteGetLocale(() => 'en')
    expect(recoveryCodesText(codes, 'anna@example.com', 'Partner Portal')).toMatch(/^Recovery codes of anna@example\.com for Partner Portal\./)
  })

  it('is named by site and day', () => {
    expect(recoveryCodesFileName('Partner Portal (Test)', '2026-11-27')).toBe('partner-portal-test-recovery-codes-2026-11-27.txt')
    expect(recoveryCodesFileName('Über', '2026-11-27')).toBe('uber-recovery-codes-2026-11-27.txt')
    expect(recoveryCodesFileName('???', '2026-11-27')).toBe('portal-recovery-codes-2026-11-27.txt')
  })
})

describe('a session’s browser and address', () => {
  it('reads an IPv4 address without its IPv6 wrapping, and keeps every other address', () => {
    expect(addressShown('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(addressShown('::FFFF:127.0.0.1')).toBe('127.0.0.1')
    expect(addressShown('2001:db8::1')).toBe('2001:db8::1')
    expect(addressShown('::ffff:2001:db8::1')).toBe('::ffff:2001:db8::1')
    expect(addressShown('')).toBe('')
  })

  it('names an unknown browser', () => {
    overwriteGetLocale(() => 'de')
    expect(browserName('')).toBe('Unbekannter Browser')
    expect(browserName('Firefox · Windows')).toBe('Firefox · Windows')
  })
})

describe('the QR code', () => {
  it('is an SVG data URL, the same for the same URL', async () => {
    const url = 'otpauth://totp/Portal:anna%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Portal&algorithm=SHA1&digits=6&period=30'
    const image = await qrCodeDataUrl(url)
    expect(image).toMatch(/^data:image\/svg\+xml;base64,/)
    const svg = Buffer.from(image.slice(image.indexOf(',') + 1), 'base64').toString('utf8')
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/)
    expect(svg).toContain('<path')
    expect(await qrCodeDataUrl(url)).toBe(image)
    expect(await qrCodeDataUrl(`${url}x`)).not.toBe(image)
  })
})
