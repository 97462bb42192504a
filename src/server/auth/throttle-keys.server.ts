import { isIPv4, isIPv6 } from 'node:net'

// The keys of the login_attempts table (decision 006). The address comes first and holds no
// space, so the first space of a pair key separates it from the username.
export type ThrottleKeys = {
  username: string
  /** Failures of this username from this address: the lock a real user meets only at home. */
  pair: string
  /** Failures of this username from everywhere: the slower backstop. */
  user: string
  /** Failures from this address for any username. */
  address: string
  /** Written on a successful login: the backstop does not lock this address out for this user. */
  known: string
}

export const KNOWN_PREFIX = 'known:'

export function throttleKeys(username: string, clientAddress: string): ThrottleKeys {
  const name = username.trim().toLowerCase()
  const address = throttleAddress(clientAddress)
  return { username: name, pair: `pair:${address} ${name}`, user: `user:${name}`, address: `ip:${address}`, known: `${KNOWN_PREFIX}${address} ${name}` }
}

/**
 * One address as the throttle counts it. An IPv6 client commonly holds a whole /64, so the
 * /64 counts as one address (else a new address per guess would dodge every limit); an
 * IPv4-mapped address counts as the IPv4 one. Anything else is cut short and kept as a token.
 */
export function throttleAddress(clientAddress: string): string {
  const raw = clientAddress.trim().replace(/%.*$/, '')
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(raw)
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1]
  if (isIPv4(raw)) return raw
  if (isIPv6(raw)) return `${ipv6Prefix64(raw)}::/64`
  return raw.replace(/\s+/g, '_').slice(0, 64) || 'unknown'
}

/** The first four groups of an IPv6 address, expanded ("2001:db8::1" → "2001:db8:0:0"). */
function ipv6Prefix64(address: string): string {
  const [head = '', tail] = address.toLowerCase().split('::')
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])))
  const front = groupsOf(head)
  const back = tail === undefined ? [] : groupsOf(tail)
  const full = [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back]
  return full
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')
}
