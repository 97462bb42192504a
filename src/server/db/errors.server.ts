// PostgreSQL error codes a handler answers for itself (the driver wraps the database's error,
// so the code may sit on a cause).
function hasCode(error: unknown, code: string): boolean {
  for (let cause: unknown = error; typeof cause === 'object' && cause !== null; cause = Reflect.get(cause, 'cause')) {
    if (Reflect.get(cause, 'code') === code) return true
  }
  return false
}

/** A unique index refused the row (two writers with the same new value at once: one loses). */
export function isUniqueViolation(error: unknown): boolean {
  return hasCode(error, '23505')
}

// The database could not answer now but may in a moment (decision 050): shutting down or starting
// (57P01–57P03), too many connections (53300), a lock or statement bound passed (55P03, 57014),
// a lost connection (class 08) or a network error.
const UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '55P03',
  '57014',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
])
// `pg` raises these without a code: the pool's wait for a connection, a connect that timed out,
// a connection the server or network ended, and a pool already closed (the server is stopping).
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
  'Query read timeout',
]

// The database could not write for lack of room (decision 050): its disk is full (53100), it ran
// out of a resource such as files (53000), or the disk failed the write (58030). It may write
// again once room is made; meanwhile reads go on.
const NO_ROOM_CODES = new Set(['53100', '53000', '58030'])

/** Whether an unavailable database's reason (from `unavailableReason`) is a lack of room to write. */
export function isNoRoom(reason: string): boolean {
  return NO_ROOM_CODES.has(reason)
}

/**
 * Why the database could not answer (its code, or the driver's words), or null for any other
 * error. A lack of room to write (`isNoRoom`) counts too.
 */
export function unavailableReason(error: unknown): string | null {
  const seen = new Set<unknown>()
  const pending: unknown[] = [error]
  while (pending.length > 0) {
    const next = pending.pop()
    if (typeof next !== 'object' || next === null || seen.has(next)) continue
    seen.add(next)
    const code: unknown = Reflect.get(next, 'code')
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || NO_ROOM_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return code
    const message: unknown = Reflect.get(next, 'message')
    if (typeof message === 'string' && !message.startsWith('Failed query: ')) {
      const known = UNAVAILABLE_MESSAGES.find((words) => message.startsWith(words))
      if (known) return known
    }
    pending.push(Reflect.get(next, 'cause'))
    // A connect to a name of several addresses fails with each address's error.
    const errors: unknown = Reflect.get(next, 'errors')
    if (Array.isArray(errors)) pending.push(...errors)
  }
  return null
}
