// The static baseline page of bench/pages.ts (bench/fixtures/bench-baseline.html), served by a
// node:http server of the benchmark's own: nothing of the benchmarks ships in the build's public/.
// It answers as the built server answers a small public file (no compressed copy below nitro's
// threshold): the same Content-Type, ETag, Last-Modified, Content-Length, Vary and
// X-Content-Type-Options, uncompressed, over HTTP/1.1 on 127.0.0.1 — so the page's Lighthouse
// figures stay what they were when the built server served it.
import { createHash } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'

export const BASELINE_PATH = '/bench-baseline.html'
const FILE = new URL('../fixtures/bench-baseline.html', import.meta.url)

export type BaselineServer = { origin: string; close: () => Promise<void> }

export async function startBaselineServer(): Promise<BaselineServer> {
  const body = readFileSync(FILE)
  const etag = `"${body.length.toString(16)}-${createHash('sha1').update(body).digest('base64').slice(0, 27)}"`
  const lastModified = statSync(FILE).mtime.toUTCString()
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://baseline').pathname
    if (path !== BASELINE_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404).end()
      return
    }
    response.setHeader('Vary', 'Accept-Encoding')
    response.setHeader('X-Content-Type-Options', 'nosniff')
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304).end()
      return
    }
    response.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      ETag: etag,
      'Last-Modified': lastModified,
      'Content-Length': String(body.length),
    })
    response.end(request.method === 'HEAD' ? undefined : body)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('the baseline server has no port')
  return {
    origin: `http://127.0.0.1:${address.port}`,
    // Chromium keeps its connections open: close them, or close() waits for them.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
