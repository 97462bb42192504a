// Search params as plain query strings: every value is read as a string and the route's search
// schema coerces it. The router's default JSON encoding would turn a basket-number filter
// "20" into ?number=%2220%22 and read ?q=123 as a number — neither fits a link people share.
export function parsePlainSearch(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search.startsWith('?') ? search.slice(1) : search))
}

export function stringifyPlainSearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null) continue
    params.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value as string | number | boolean))
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}
