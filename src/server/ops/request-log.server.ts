import type { IncomingMessage, ServerResponse } from 'node:http'
import { requestLogger } from './logger.server'
import { recordRequest } from './metrics.server'
import { requestIdOf, type RequestContext } from './request-context.server'

// One line per request, as an event (house style): written when its answer has gone or its
// client left, with the route id — never the URL, whose query may hold a reset link's token —
// the status, the duration and, once admitted, the user. Probes (/health, /ready) and scrapes
// come every few seconds: their lines are debug lines.
const QUIET_ROUTES = new Set(['health', 'ready', 'metrics'])

/** Opens a request's context and arranges its log line and metrics for when it ends. */
export function openRequest(req: IncomingMessage, res: ServerResponse, route: string): RequestContext {
  const context: RequestContext = { id: requestIdOf(req.headers['x-request-id']), route }
  const began = performance.now()
  res.once('close', () => closeRequest(context, req.method ?? '', res, began))
  return context
}

function closeRequest(context: RequestContext, method: string, res: ServerResponse, began: number): void {
  const ms = performance.now() - began
  // A client that left before any answer gets nginx's 499 ("client closed request").
  const status = res.headersSent ? res.statusCode : 499
  recordRequest(context.route, status, ms / 1000)
  const log = requestLogger()
  const quiet = QUIET_ROUTES.has(context.route)
  if (!log.isLevelEnabled(quiet ? 'debug' : 'info')) return
  const line = {
    reqId: context.id,
    method,
    route: context.route,
    status,
    durationMs: Math.round(ms * 100) / 100,
    userId: context.userId,
    actorId: context.actorId,
    aborted: res.writableFinished ? undefined : true,
  }
  if (quiet) log.debug(line, 'request')
  else log.info(line, 'request')
}
