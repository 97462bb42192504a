import { Server as HttpServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { useNitroApp, useNitroHooks } from 'nitro/app'
import { fetchViteEnv } from 'nitro/vite/runtime'
import { NodeRequest, serve } from 'srvx/node'
import { printBanner, startPortal, stopPortal } from './boot.server'
import { openedDatabase } from './db/instance.server'
import { env } from './env.server'
import { ClientSlots, hasBody } from './ops/client-slots.server'
import { drainLog, processLogger } from './ops/logger.server'
import { metricsAnswer, serveMetricsPort, setUpMetrics } from './ops/metrics-endpoint.server'
import { databaseCheck, newestMigration, readinessAnswer, type Readiness } from './ops/readiness.server'
import { routeOfPath, runInRequest } from './ops/request-context.server'
import { openRequest } from './ops/request-log.server'
import { PageSlots } from './page-slots.server'
import { refusal, refusalAnswer } from './refusal.server'
import { clientAddressFrom } from './vue/forwarded.server'
import { vueLane } from './vue/lane.server'
import { serveLane, writeAnswer } from './vue/socket-answer.server'

// The built server's entry (nitro `entry`, instead of its node-server preset): the order of
// a real start and stop. Listen first, so a taken port ends the process before the database
// is touched; answer 503 until migrations and seeding are done; on SIGTERM/SIGINT keep
// answering (DRAIN_DELAY_MS) with /ready saying 503, then stop accepting, let in-flight requests
// finish (bounded), close the database, exit. Every request gets an id (X-Request-Id), a line
// in the log and its metrics (src/server/ops/, decision 041).
// /vue/ calls take the fast lane (decision 024): the dispatcher the app's bundle publishes
// (src/server/vue/lane.server.ts), called with the socket's request and its answer written
// straight back — past srvx's Response plumbing, nitro's router and Start's request scope.
globalThis.__portalServerEntry = true

// draining: still serving everything, but /ready says 503 so a load balancer takes it out.
type Phase = 'starting' | 'serving' | 'draining' | 'stopping'
let phase: Phase = 'starting'
let inFlight = 0
let checkDatabase: (() => Promise<Readiness>) | undefined
let metricsPort: { close(): Promise<void> } | undefined

const config = env()
const log = processLogger()
// Before the database opens: its pool reports to the metrics.
setUpMetrics(config)
const nitroApp = useNitroApp()
const pages = new PageSlots(config.MAX_PAGE_RENDERS)
const bodies = new ClientSlots({
  perClient: config.MAX_BODIES_PER_CLIENT,
  total: config.MAX_IN_FLIGHT,
  bodyTimeoutMs: config.REQUEST_BODY_TIMEOUT_MS,
  minBytesPerSecond: config.REQUEST_BODY_MIN_RATE,
})
const server = serve({
  port: config.PORT,
  hostname: config.HOST,
  manual: true,
  silent: true,
  gracefulShutdown: false,
  fetch: async (request) => {
    if (phase === 'starting' || phase === 'stopping') return refusal(request, phase)
    return isApiCall(request.url) ? fetchViteEnv('ssr', request) : nitroApp.fetch(request)
  },
})

// The listener srvx made: /vue/ paths (origin form) go to the lane once the portal serves and
// the app's bundle has published it; everything else, refusals included, to srvx as before.
const listener = server.node?.server
const srvxHandler = server.node?.handler
if (listener instanceof HttpServer && srvxHandler) {
  // Headers late: Node answers 408 and closes, checked every second (before listening, which
  // starts the check). Bodies have their own bound (ClientSlots); Node's bound on a whole request
  // stays the ceiling above it (decision 051).
  listener.headersTimeout = config.REQUEST_HEADERS_TIMEOUT_MS
  listener.requestTimeout = Math.max(listener.requestTimeout, config.REQUEST_HEADERS_TIMEOUT_MS + config.REQUEST_BODY_TIMEOUT_MS)
  // A constructor option in @types/node; Node reads the property when the server starts listening.
  Object.assign(listener, { connectionsCheckingInterval: 1000 })
  listener.removeAllListeners('request')
  listener.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/'
    const query = url.indexOf('?')
    const path = query === -1 ? url : url.slice(0, query)
    const context = openRequest(req, res, routeOfPath(path))
    runInRequest(context, () => answer(req, res, path, context.id, srvxHandler))
  })
}

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => unknown

function answer(req: IncomingMessage, res: ServerResponse, path: string, id: string, handler: NodeHandler): void {
  const open = phase === 'serving' || phase === 'draining'
  // A client of a draining server reconnects, to a server the balancer still sends to.
  if (phase === 'draining') res.setHeader('connection', 'close')
  // Probes and scrapes are answered here, whatever the load: no render slot, no place in MAX_IN_FLIGHT.
  if (path === '/ready') {
    void ready()
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
  // 503 and Retry-After rather than queued behind the others for seconds (issue 26). /health
  // stays cheap and is always answered: a busy server is alive.
  const counted = open && !probe
  const withBody = counted && hasBody(req)
  if (counted && inFlight >= config.MAX_IN_FLIGHT) {
    // A refused request's body is not read: its connection closes after the answer.
    if (withBody) res.setHeader('connection', 'close')
    writeAnswer(res, refusalAnswer(new NodeRequest({ req, res }), 'busy'), id)
    return
  }
  // A body still arriving holds a place of its address, not one of MAX_IN_FLIGHT (decision 051).
  const place = withBody ? takeBodyPlace(req, res, path, id) : undefined
  if (place === null) return
  if (counted) holdInFlight(req, res, place)
  const lane = open && path.startsWith('/vue/') ? vueLane() : undefined
  if (lane) {
    serveLane(lane, req, res, id)
    return
  }
  res.setHeader('x-request-id', id)
  // Files are cheap and the pages wait for them: only pages take a render slot.
  if (open && isPage(path)) pages.run(res, () => handler(req, res))
  else void handler(req, res)
}

process.on('unhandledRejection', (error) => log.error({ err: error }, 'unhandled rejection'))
process.on('uncaughtException', (error) => log.error({ err: error }, 'uncaught exception'))
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal))

async function run(): Promise<void> {
  try {
    await server.serve()
    if (config.METRICS_PORT !== undefined) metricsPort = await serveMetricsPort(config.METRICS_PORT, config.HOST)
  } catch (error) {
    fail(listenProblem(error))
    return
  }
  try {
    const started = await startPortal()
    await loadApp()
    // What "migrations current" means for /ready: the newest one of the folder this server has.
    checkDatabase = databaseCheck(openedDatabase, newestMigration(config.MIGRATIONS_DIR))
    if (phase !== 'starting') return // a stop signal came during start-up
    phase = 'serving'
    printBanner(started.where, started.elapsedMs)
  } catch (error) {
    // A stop signal came during start-up and closed the database under it: the stop ends the process.
    if (phase === 'stopping') return
    await server.close(true).catch(() => undefined)
    await metricsPort?.close()
    await stopPortal().catch(() => undefined)
    fail(error instanceof Error ? error.message : String(error))
  }
}

/** What /ready answers: the phase first, then (serving) the database and its migrations. */
async function ready(): Promise<Readiness> {
  if (phase === 'starting' || !checkDatabase) return { ready: false, reason: 'starting' }
  if (phase !== 'serving') return { ready: false, reason: 'stopping' }
  const readiness = await checkDatabase()
  // A stop may have begun while the database answered.
  return phase === 'serving' ? readiness : { ready: false, reason: 'stopping' }
}

async function stop(signal: string): Promise<void> {
  // Ctrl+C reaches this process and `npm start` forwards it too: one stop, with its drain.
  if (phase === 'stopping' || phase === 'draining') return
  const wasServing = phase === 'serving'
  if (wasServing && config.DRAIN_DELAY_MS > 0) {
    // Not ready, still serving: a balancer polling /ready stops sending before connections are refused.
    phase = 'draining'
    log.info({ signal, drainDelayMs: config.DRAIN_DELAY_MS }, `${signal}: /ready answers 503; serving on for ${config.DRAIN_DELAY_MS} ms before stopping`)
    await delay(config.DRAIN_DELAY_MS)
  }
  phase = 'stopping'
  const timeoutMs = config.SHUTDOWN_TIMEOUT_MS
  log.info(
    { signal, inFlight },
    `${signal}: stopping — no new requests${wasServing ? `, finishing ${inFlight} in flight (at most ${timeoutMs / 1000} s)` : ''} …`,
  )
  const listener = server.node?.server
  const http = listener instanceof HttpServer ? listener : undefined
  const closed = new Promise<void>((resolve) => (http ? http.close(() => resolve()) : resolve()))
  // Keep-alive connections that have no request running are closed at once and as they finish.
  const sweep = setInterval(() => http?.closeIdleConnections(), 100)
  http?.closeIdleConnections()
  const drained = await Promise.race([closed.then(() => true), delay(timeoutMs).then(() => false)])
  clearInterval(sweep)
  if (!drained) {
    log.warn(
      { inFlight },
      `${inFlight} request(s) still running after ${timeoutMs / 1000} s: their connections are closed; their transactions finish or roll back.`,
    )
    http?.closeAllConnections()
  }
  await metricsPort?.close()
  let code = 0
  try {
    await useNitroHooks().callHook('close')
    // Waits for running transactions; bounded so a stuck one cannot hold the process forever.
    // A database that was not closed recovers from its write-ahead log on the next start.
    const closedInTime = await Promise.race([stopPortal().then(() => true), delay(timeoutMs * 2).then(() => false)])
    if (!closedInTime) {
      log.warn('the database did not close in time; it recovers from its log on the next start.')
      code = 1
    }
  } catch (error) {
    log.error({ err: error }, 'closing the database failed')
    code = 1
  }
  log.info('stopped.')
  // The last lines out, in order, before the exit (at most a second: a reader may be gone).
  await drainLog()
  process.exit(code)
}

/**
 * Loads the app's bundle before the portal says it is ready, so the lane is there for the first
 * /vue/ call: nitro loads it on its first request, here one that the dispatcher answers 404
 * without touching anything. Without a published lane /vue/ still works, through nitro.
 */
async function loadApp(): Promise<void> {
  if (vueLane()) return
  await fetchViteEnv('ssr', new Request('http://localhost/vue/', { method: 'HEAD' }))
  if (!vueLane()) log.warn('the app did not publish its /vue/ lane: API calls go through nitro.')
}

/**
 * A place for the request's body among those of its address, released once the body is in; a
 * body that overstays its bound is ended (a /vue/ call gets 408 in the envelope). Null when the
 * request was refused: 429 for an address with its share taken, 503 when all places are.
 */
function takeBodyPlace(req: IncomingMessage, res: ServerResponse, path: string, id: string): { release: () => void } | null {
  const forwarded = req.headers['x-forwarded-for']
  const address = clientAddressFrom(Array.isArray(forwarded) ? forwarded.join(', ') : forwarded, req.socket.remoteAddress, config.TRUST_PROXY)
  const place = bodies.take(address, req.socket, () => {
    if (res.headersSent || !path.startsWith('/vue/')) {
      res.destroy()
      return
    }
    writeAnswer(res, refusalAnswer(new NodeRequest({ req, res }), 'too-slow'), id)
    res.once('finish', () => req.socket.destroy())
  })
  if (typeof place === 'object') return place
  res.setHeader('connection', 'close')
  writeAnswer(res, refusalAnswer(new NodeRequest({ req, res }), place === 'per-client' ? 'too-many' : 'busy'), id)
  return null
}

/** Counts the request against MAX_IN_FLIGHT until its answer is done; one with a body from when its body is in. */
function holdInFlight(req: IncomingMessage, res: ServerResponse, place: { release: () => void } | undefined): void {
  let counted = false
  let over = false
  const count = () => {
    place?.release()
    if (over || counted) return
    counted = true
    inFlight += 1
  }
  if (place) req.once('end', count)
  else count()
  res.once('close', () => {
    over = true
    place?.release()
    if (counted) inFlight -= 1
  })
}

/** A page to render (not a file: /assets/…, /sw.js, /logo.svg; not /health), from the request line's path. */
function isPage(path: string): boolean {
  return path !== '/health' && !path.startsWith('/assets/') && !/\.[a-z0-9]+$/i.test(path)
}

/** Whether a request URL's path starts with /vue/ (the URL is absolute: scheme, host, path). */
function isApiCall(url: string): boolean {
  const path = url.indexOf('/', url.indexOf('//') + 2)
  return path !== -1 && url.startsWith('/vue/', path)
}

function fail(reason: string): never {
  log.fatal(`cannot start: ${reason}`)
  process.exit(1)
}

function listenProblem(error: unknown): string {
  const code = error instanceof Error && 'code' in error ? String(error.code) : ''
  const port = error instanceof Error && 'port' in error && error.port === config.METRICS_PORT ? config.METRICS_PORT : config.PORT
  const setting = port === config.PORT ? 'PORT' : 'METRICS_PORT'
  const where = `${config.HOST ?? 'all interfaces'}, port ${port}`
  if (code === 'EADDRINUSE') return `port ${port} is already in use (${where}). Stop the other server or set ${setting}.`
  if (code === 'EACCES') return `no permission to listen on ${where}. Choose a port above 1023 with ${setting}.`
  return `cannot listen on ${where}: ${error instanceof Error ? error.message : String(error)}`
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref())
}

// Last: the start awaits, and what it answers meanwhile (/ready, /metrics) needs everything above.
await run()
