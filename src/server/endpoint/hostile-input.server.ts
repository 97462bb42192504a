import { m } from '../../paraglide/messages'
import { badRequest } from './errors.server'
import type { RawInput } from './implement.server'

// PostgreSQL text cannot hold U+0000, so a NUL in any string that reaches the database fails
// there (a 500). Refused for every endpoint at once, before the handler: path parameters, query
// keys and values, JSON body strings and keys at any depth, multipart text fields.
export function refuseNulBytes(raw: RawInput): void {
  const field = nulField(raw.params) ?? nulField(raw.query) ?? nulField(raw.body)
  // The name is shown, shortened: a key can be as long as the body.
  if (field !== null) throw badRequest((locale) => m.error_nul_byte({ field: field.slice(0, 80) }, { locale }))
}

/** Where the first NUL is ("email", "changes.en.0", "input"), or null. Iterative: a deeply
 * nested JSON body cannot overflow the stack. */
function nulField(root: unknown): string | null {
  const stack: Array<{ value: unknown; path: string }> = [{ value: root, path: '' }]
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value, path } = next
    if (typeof value === 'string') {
      if (value.includes('\0')) return path || 'input'
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, path: join(path, String(index)) }))
    } else if (isPlainObject(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\0')) return join(path, key.replaceAll('\0', '␀'))
        stack.push({ value: item, path: join(path, key) })
      }
    }
  }
  return null
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false
  const prototype: unknown = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}
