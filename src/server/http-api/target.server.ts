// The path and query of a request's absolute URL. `new URL()` costs more than the rest of a
// cached API call's routing (decision 024): a plain path — letters, digits, '-', '_', '~', '/',
// no dot segment, nothing percent-encoded — is what the URL parser would answer anyway and is
// cut out of the string; anything else goes through the parser, so its normalisation (dot
// segments, percent-encoding, backslashes) stays exactly the URL standard's.
export type Target = { pathname: string; query: () => Record<string, string> }

const PLAIN_PATH = /^\/[A-Za-z0-9\-_~/]*$/
// Printable ASCII without '#' (a fragment) — the query parser treats the rest like URL does.
const PLAIN_QUERY = /^[\x21\x22\x24-\x7e]*$/

export function targetOf(url: string): Target {
  const start = url.indexOf('/', url.indexOf('//') + 2)
  if (start !== -1) {
    const mark = url.indexOf('?', start)
    const pathname = mark === -1 ? url.slice(start) : url.slice(start, mark)
    const search = mark === -1 ? '' : url.slice(mark + 1)
    if (PLAIN_PATH.test(pathname) && PLAIN_QUERY.test(search)) {
      return { pathname, query: () => (search === '' ? {} : Object.fromEntries(new URLSearchParams(search))) }
    }
  }
  const parsed = new URL(url)
  return { pathname: parsed.pathname, query: () => Object.fromEntries(parsed.searchParams) }
}
