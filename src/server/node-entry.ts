import { Server as HttpServer } from 'node:http'
import { useNitroApp, useNitroHooks } from 'nitro/app'
import { fetchViteEnv } from 'nitro/vite/runtime'
import { serve } from 'srvx/node'
import { printBanner, startPortal, stopPortal } from './boot.server'
import { openedDatabase } from './db/instance.server'
import { env } from './env.server'
import { InFlight } from './in-flight.server'
import { drainLog, processLogger } from './ops/logger.server'
import { serveMetricsPort, setUpMetrics } from './ops/metrics-endpoint.server'
import { databaseCheck, newestMigration, type Readiness } from './ops/readiness.server'
import { PageSlots } from './page-slots.server'
import { refusal } from './refusal.server'
import { answerOnSocket, type Phase } from './socket-lane.server'
import { vueLane } from './http-api/lane.server'

// The built server's entry (nitro `entry`, instead of its node-server preset): the order of
// a real start and stop. Listen first, so a taken port ends the process before the database
// is touched; answer 503 until migrations and seeding are done; on SIGTERM/SIGINT keep
// answering (DRAIN_DELAY_MS) with /ready saying 503, then stop accepting, let in-flight requests
// finish (bounded), close the database, exit. What a request meets before the framework — its
// id and log line, /ready, the bounds, the /vue/ fast lane (decision 024) — is
// socket-lane.server.ts.
globalThis.__portalServerEntry = true

// draining: still serving everything, but /ready says 503 so a load balancer takes it out.
let phase: Phase = 'starting'
let checkDatabase: (() => Promise<Readiness>) | undefined
let metricsPort: { close(): Promise<void> } | undefined

const config = env()
const log = processLogger()
// Before the database opens: its pool reports to the metrics.
setUpMetrics(config)
const nitroApp = useNitroApp()
const pages = new PageSlots(config.MAX_PAGE_RENDERS)
const inFlight = new InFlight(config)
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
  answerOnSocket(listener, srvxHandler, { config, log, phase: () => phase, ready, pages, inFlight })
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
    { signal, inFlight: inFlight.count },
    `${signal}: stopping — no new requests${wasServing ? `, finishing ${inFlight.count} in flight (at most ${timeoutMs / 1000} s)` : ''} …`,
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
      { inFlight: inFlight.count },
      `${inFlight.count} request(s) still running after ${timeoutMs / 1000} s: their connections are closed; their transactions finish or roll back.`,
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
