import { m } from '../../../src/paraglide/messages'

// How a session's or sign-in's browser and address read on the Security page.

export const browserName = (browser: string) => browser || m.security_browser_unknown()

/** An IPv4 address as people know it: without the IPv6 wrapping a dual-stack server reports (::ffff:203.0.113.7). */
export function addressShown(address: string): string {
  return address.replace(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i, '$1')
}
