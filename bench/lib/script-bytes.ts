// Sizes of a page's scripts: what Lighthouse saw on the wire and uncompressed, plus the gzip
// size computed here — the server may send JS uncompressed, and then the wire size is no
// gzip figure.
import { gzipSync } from 'node:zlib'
import type { Request } from './lighthouse'

export type ScriptBytes = {
  url: string
  /** transferSize seen by Lighthouse: body as sent (compressed or not) plus headers */
  wire: number
  /** resourceSize seen by Lighthouse: the decoded body */
  resource: number
  /** zlib gzip, default level 6, of the decoded body */
  gzip: number
  /** Content-Encoding the server answers a browser-like Accept-Encoding with ('none' if absent) */
  encoding: string
}

export type ScriptTotals = { wire: number; resource: number; gzip: number; servedGzip: boolean }

const measured = new Map<string, Promise<{ gzip: number; encoding: string }>>()

async function measure(url: string): Promise<{ gzip: number; encoding: string }> {
  const response = await fetch(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } })
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
  // fetch decodes the body, so this is the script as the browser runs it.
  const body = Buffer.from(await response.arrayBuffer())
  return { gzip: gzipSync(body).length, encoding: response.headers.get('content-encoding') ?? 'none' }
}

export async function scriptBytes(scripts: Request[]): Promise<ScriptBytes[]> {
  return Promise.all(
    scripts.map(async (script) => {
      const cached = measured.get(script.url) ?? measure(script.url)
      measured.set(script.url, cached)
      const { gzip, encoding } = await cached
      return { url: script.url, wire: script.transferSize, resource: script.resourceSize, gzip, encoding }
    }),
  )
}

/** Totals; `gzip` is the wire size when every script came gzip-encoded, else the computed one. */
export function totals(scripts: ScriptBytes[]): ScriptTotals {
  const servedGzip = scripts.length > 0 && scripts.every((script) => script.encoding === 'gzip')
  const sum = (pick: (script: ScriptBytes) => number) => scripts.reduce((total, script) => total + pick(script), 0)
  return { wire: sum((s) => s.wire), resource: sum((s) => s.resource), gzip: servedGzip ? sum((s) => s.wire) : sum((s) => s.gzip), servedGzip }
}
