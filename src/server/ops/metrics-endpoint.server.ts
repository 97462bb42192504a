import { createHash, timingSafeEqual } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { Env } from '../env.server'
import type { ApiAnswer } from '../http-api/api-answer.server'
import { enableMetrics, metricsRegistry } from './metrics.server'
import { watchOutbox } from './outbox-metrics.server'

// Where metrics are read (decision 041): GET /metrics on the portal's port with
// `Authorization: Bearer <METRICS_TOKEN>`, and/or on a port of its own (METRICS_PORT) without a
// token, for a scraper inside the network. Without either setting nothing is kept or served.
export type MetricsSettings = Pick<Env, 'METRICS_TOKEN' | 'METRICS_PORT'>

/** Starts keeping metrics when they can be read; answers whether they are kept. */
export function setUpMetrics(settings: MetricsSettings): boolean {
  if (!settings.METRICS_TOKEN && settings.METRICS_PORT === undefined) return false
  if (!metricsRegistry()) watchOutbox(enableMetrics())
  return true
}

const NO_STORE = { 'cache-control': 'no-store' }

/** The answer to /metrics on the portal's port: 404 without a token set, 401 without the right one. */
export async function metricsAnswer(authorization: string | undefined, token: string | undefined): Promise<ApiAnswer> {
  const registry = metricsRegistry()
  if (!token || !registry) return { status: 404, headers: { ...NO_STORE, 'content-type': 'text/plain; charset=utf-8' }, body: 'Not found\n' }
  const sent = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1]
  if (!sent || !sameSecret(sent, token)) {
    return {
      status: 401,
      headers: { ...NO_STORE, 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer realm="metrics"' },
      body: 'Unauthorized\n',
    }
  }
  return { status: 200, headers: { ...NO_STORE, 'content-type': registry.contentType }, body: await registry.metrics() }
}

/** Compared in constant time: digests of equal length, whatever was sent. */
function sameSecret(sent: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest()
  return timingSafeEqual(digest(sent), digest(expected))
}

/** The metrics port's own small server: GET /metrics, nothing else. Resolves once it listens (port 0: any free one). */
export async function serveMetricsPort(port: number, host: string | undefined): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const registry = metricsRegistry()
    const path = (req.url ?? '/').split('?', 1)[0]
    if (!registry || path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { ...NO_STORE, 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n')
      return
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { ...NO_STORE, 'content-type': registry.contentType }).end(req.method === 'HEAD' ? undefined : text),
      () => res.writeHead(500).end(),
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address()
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
