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
