import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http'
import type { Logger } from 'pino'
import { NodeRequest } from 'srvx/node'
import type { Env } from './env.server'
import type { InFlight } from './in-flight.server'
import { hasBody } from './ops/client-slots.server'
import { metricsAnswer } from './ops/metrics-endpoint.server'
import { readinessAnswer, type Readiness } from './ops/readiness.server'
import { routeOfPath, runInRequest } from './ops/request-context.server'
import { openRequest } from './ops/request-log.server'
import { takesRenderSlot } from './page-paths.server'
import type { PageSlots } from './page-slots.server'
import { refusalAnswer } from './refusal.server'
import { vueLane } from './http-api/lane.server'
import { serveLane, writeAnswer } from './http-api/socket-answer.server'

// The built server's socket lane: every request is answered or routed here, before srvx and the
// framework. /ready, /metrics and refusals are written straight back; /vue/ calls take the fast
// lane (decision 024), the dispatcher the app's bundle publishes (src/server/http-api/lane.server.ts);
// the rest goes to srvx's handler, pages through a render slot (decision 033). Every request gets
// an id (X-Request-Id), a line in the log and its metrics (src/server/ops/, decision 041).

/** The server's phase, as node-entry.ts moves it: draining still serves, but /ready says 503. */
export type Phase = 'starting' | 'serving' | 'draining' | 'stopping'

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => unknown

export type SocketLane = {
  config: Pick<Env, 'MAX_IN_FLIGHT' | 'METRICS_TOKEN'>
  log: Logger
  phase: () => Phase
  /** What /ready answers (node-entry.ts). */
  ready: () => Promise<Readiness>
  pages: PageSlots
  inFlight: InFlight
}

/** Takes over the listener's requests: /vue/ paths (origin form) go to the lane once the portal serves; the rest to `handler`. */
export function answerOnSocket(listener: HttpServer, handler: NodeHandler, lane: SocketLane): void {
  listener.removeAllListeners('request')
  listener.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/'
    const query = url.indexOf('?')
    const path = query === -1 ? url : url.slice(0, query)
    const context = openRequest(req, res, routeOfPath(path))
    runInRequest(context, () => answer(req, res, path, context.id, handler, lane))
  })
}

function answer(req: IncomingMessage, res: ServerResponse, path: string, id: string, handler: NodeHandler, lane: SocketLane): void {
  const { config, log, pages, inFlight } = lane
  const phase = lane.phase()
  const open = phase === 'serving' || phase === 'draining'
  // A client of a draining server reconnects, to a server the balancer still sends to.
  if (phase === 'draining') res.setHeader('connection', 'close')
  // Probes and scrapes are answered here, whatever the load: no render slot, no place in MAX_IN_FLIGHT.
  if (path === '/ready') {
    void lane
      .ready()
      .catch((): Readiness => ({ ready: false, reason: 'database' }))
      .then((readiness) => writeAnswer(res, readinessAnswer(readiness), id))
    return
  }
  if (path === '/metrics') {
    void metricsAnswer(req.headers.authorization, config.METRICS_TOKEN).then(
      (answer) => writeAnswer(res, answer, id),
      (error: unknown) => {
        log.error({ err: error }, '/metrics failed')
        if (!res.headersSent) res.writeHead(500, ['x-request-id', id]).end()
      },
    )
    return
  }
  const probe = path === '/health'
  // A bound on the work in progress (MAX_IN_FLIGHT): past it a request is refused at once with
  // 503 and Retry-After rather than queued behind the others for seconds (decision 033). /health
  // stays cheap and is always answered: a busy server is alive.
  const counted = open && !probe
  const withBody = counted && hasBody(req)
  if (counted && inFlight.count >= config.MAX_IN_FLIGHT) {
    // A refused request's body is not read: its connection closes after the answer.
    if (withBody) res.setHeader('connection', 'close')
    writeAnswer(res, refusalAnswer(new NodeRequest({ req, res }), 'busy'), id)
    return
  }
  // A body still arriving holds a place of its address, not one of MAX_IN_FLIGHT (decision 051).
  const place = withBody ? inFlight.takeBodyPlace(req, res, path, id) : undefined
  if (place === null) return
  if (counted) inFlight.hold(req, res, place)
  const vue = open && path.startsWith('/vue/') ? vueLane() : undefined
  if (vue) {
    serveLane(vue, req, res, id)
    return
  }
  res.setHeader('x-request-id', id)
  // Files are cheap and the pages wait for them: only pages take a render slot.
  if (open && takesRenderSlot(path)) pages.run(res, () => handler(req, res))
  else void handler(req, res)
}
