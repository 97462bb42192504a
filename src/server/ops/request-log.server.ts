import type { IncomingMessage, ServerResponse } from 'node:http'
import pino, { type Logger } from 'pino'
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
  const level = QUIET_ROUTES.has(context.route) ? 'debug' : 'info'
  if (!log.isLevelEnabled(level)) return
  const parts = partsOf(log)
  parts.stream.write(requestLine(parts, log.levels.values[level] ?? 30, context, method, status, ms, !res.writableFinished))
}

/** What a pino logger puts into each line, and where it writes it (pino's exported symbols). */
type LineParts = { stream: { write(line: string): void }; bindings: string; time: () => string }
const lineParts = new WeakMap<Logger, LineParts>()

export function partsOf(log: Logger): LineParts {
  let parts = lineParts.get(log)
  if (!parts) {
    const stream: unknown = Reflect.get(log, pino.symbols.streamSym)
    const bindings: unknown = Reflect.get(log, pino.symbols.chindingsSym)
    const time: unknown = Reflect.get(log, pino.symbols.timeSym)
    if (typeof stream !== 'object' || stream === null || !('write' in stream) || typeof stream.write !== 'function') throw new Error('pino: no stream')
    if (typeof bindings !== 'string' || typeof time !== 'function') throw new Error('pino: no bindings or time')
    const write = stream.write
    parts = { stream: { write: (line) => Reflect.apply(write, stream, [line]) }, bindings, time: () => String(Reflect.apply(time, log, [])) }
    lineParts.set(log, parts)
  }
  return parts
}

/**
 * The request line, in the shape pino writes (level, time, its bindings, the fields, msg), put
 * together here: the fields are fixed and hold no secret, and pino's general path (serializers,
 * the redaction pass, a key-by-key walk) cost more than the rest of the line's work together
 * (bench:api's logging step, decision 041). Only the ids go through JSON.stringify: a caller's
 * X-Request-Id may hold a quote or a backslash; the route is one of ours, the method Node's.
 */
export function requestLine(parts: LineParts, level: number, context: RequestContext, method: string, status: number, ms: number, aborted: boolean): string {
  const user = context.userId === undefined ? '' : `,"userId":${context.userId}${context.actorId === undefined ? '' : `,"actorId":${context.actorId}`}`
  return (
    `{"level":${level}${parts.time()}${parts.bindings},"reqId":${JSON.stringify(context.id)},` +
    `"method":${JSON.stringify(method)},"route":${JSON.stringify(context.route)},"status":${status},` +
    `"durationMs":${Math.round(ms * 100) / 100}${user}${aborted ? ',"aborted":true' : ''},"msg":"request"}\n`
  )
}
