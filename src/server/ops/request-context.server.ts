import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'
import type { Logger } from 'pino'

// What the server knows about the request a piece of work belongs to: its id (sent back as
// X-Request-Id and on every log line it causes), the route id the metrics and the request line
// use, and the caller once admitted. The built server's entry opens it for each request; the
// dispatcher, bundled apart from the entry, fills in the route and the caller — so the store
// lives on globalThis and both bundles share one.
export type RequestContext = {
  readonly id: string
  /** A bounded name: an endpoint id (`company.info`), `page`, `asset`, `server-fn`, `health` … never a raw path. */
  route: string
  userId?: number
  /** The real person behind a switched session. */
  actorId?: number
  /** The request's child logger, made when something first logs during the request. */
  logger?: Logger
}

declare global {
  var __portalRequests: AsyncLocalStorage<RequestContext> | undefined
}

function storage(): AsyncLocalStorage<RequestContext> {
  globalThis.__portalRequests ??= new AsyncLocalStorage<RequestContext>()
  return globalThis.__portalRequests
}

export function runInRequest<T>(context: RequestContext, work: () => T): T {
  return storage().run(context, work)
}

/** The request the current work belongs to; undefined outside one (start-up, the mail sender's rounds). */
export function currentRequest(): RequestContext | undefined {
  return storage().getStore()
}

/** Names the route of the current request (the dispatcher, once a /vue/ path matched an endpoint). */
export function nameRoute(route: string): void {
  const context = currentRequest()
  if (context) context.route = route
}

/** Notes who the current request is for, once the endpoint frame has admitted them. */
export function noteCaller(caller: { userId: number; actorUserId: number | null } | null): void {
  const context = currentRequest()
  if (!context || !caller || context.userId !== undefined) return
  context.userId = caller.userId
  if (caller.actorUserId !== null) context.actorId = caller.actorUserId
}

// A caller's id is kept when it could not break a log line or a header and is short enough to
// search for; anything else (control characters, non-ASCII, too long) is replaced.
const ACCEPTABLE_ID = /^[\x21-\x7e]{1,128}$/

/** The id of a request: the one the client or a proxy sent in X-Request-Id when acceptable, else a new UUID. */
export function requestIdOf(sent: string | string[] | undefined): string {
  return typeof sent === 'string' && ACCEPTABLE_ID.test(sent) ? sent : randomUUID()
}

/**
 * The route id of a request before anything routed it, from its path: /vue/ calls are renamed
 * by the dispatcher to their endpoint id (`vue` stays for paths no endpoint answers).
 */
export function routeOfPath(path: string): string {
  if (path === '/health') return 'health'
  if (path === '/ready') return 'ready'
  if (path === '/metrics') return 'metrics'
  if (path.startsWith('/vue/')) return 'vue'
  if (path.startsWith('/_serverFn/')) return 'server-fn'
  if (path.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(path)) return 'asset'
  return 'page'
}
