import { Server as HttpServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { useNitroApp, useNitroHooks } from 'nitro/app'
import { fetchViteEnv } from 'nitro/vite/runtime'
import { NodeRequest, serve } from 'srvx/node'
import { printBanner, startPortal, stopPortal } from './boot.server'
import { env } from './env.server'
import { PageSlots } from './page-slots.server'
import { refusal, refusalAnswer } from './refusal.server'
import type { ApiAnswer } from './vue/api-answer.server'
import { vueLane, type VueLane } from './vue/lane.server'

// The built server's entry (nitro `entry`, instead of its node-server preset): the order of
// a real start and stop. Listen first, so a taken port ends the process before the database
// is touched; answer 503 until migrations and seeding are done; on SIGTERM/SIGINT stop
// accepting, let in-flight requests finish (bounded), close the database, exit.
// /vue/ calls take the fast lane (decision 024): the dispatcher the app's bundle publishes
// (src/server/vue/lane.server.ts), called with the socket's request and its answer written
// straight back — past srvx's Response plumbing, nitro's router and Start's request scope.
globalThis.__portalServerEntry = true

type Phase = 'starting' | 'serving' | 'stopping'
let phase: Phase = 'starting'
let inFlight = 0

const config = env()
const nitroApp = useNitroApp()
const pages = new PageSlots(config.MAX_PAGE_RENDERS)
const server = serve({
  port: config.PORT,
  hostname: config.HOST,
  manual: true,
  silent: true,
  gracefulShutdown: false,
  fetch: async (request) => {
    if (phase !== 'serving') return refusal(request, phase)
    return isApiCall(request.url) ? fetchViteEnv('ssr', request) : nitroApp.fetch(request)
  },
})

// The listener srvx made: /vue/ paths (origin form) go to the lane once the portal serves and
// the app's bundle has published it; everything else, refusals included, to srvx as before.
const listener = server.node?.server
const srvxHandler = server.node?.handler
if (listener instanceof HttpServer && srvxHandler) {
  listener.removeAllListeners('request')
  listener.on('request', (req: IncomingMessage, res: ServerResponse) => {
    // A bound on the work in progress (MAX_IN_FLIGHT): past it a request is refused at once with
    // 503 and Retry-After rather than queued behind the others for seconds (issue 26). /health
    // stays cheap and is always answered: a busy server is alive.
    if (phase === 'serving' && inFlight >= config.MAX_IN_FLIGHT && req.url !== '/health') {
      writeAnswer(res, refusalAnswer(new NodeRequest({ req, res }), 'busy'))
      return
    }
    const lane = phase === 'serving' && req.url?.startsWith('/vue/') ? vueLane() : undefined
    if (lane) {
      serveLane(lane, req, res)
      return
    }
    inFlight += 1
    res.once('close', () => {
      inFlight -= 1
    })
    // Files are cheap and the pages wait for them: only pages take a render slot.
    if (phase === 'serving' && isPage(req.url ?? '/')) pages.run(res, () => srvxHandler(req, res))
    else void srvxHandler(req, res)
  })
}

process.on('unhandledRejection', (error) => console.error('[portal] unhandled rejection:', error))
process.on('uncaughtException', (error) => console.error('[portal] uncaught exception:', error))
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal))

await run()

async function run(): Promise<void> {
  try {
    await server.serve()
  } catch (error) {
    fail(listenProblem(error))
    return
  }
  try {
    const started = await startPortal()
    await loadApp()
    if (phase !== 'starting') return // a stop signal came during start-up
    phase = 'serving'
    printBanner(started.where, started.elapsedMs)
  } catch (error) {
    await server.close(true).catch(() => undefined)
    await stopPortal().catch(() => undefined)
    fail(error instanceof Error ? error.message : String(error))
  }
}

async function stop(signal: string): Promise<void> {
  if (phase === 'stopping') return // Ctrl+C reaches this process and `npm start` forwards it too
  const wasServing = phase === 'serving'
  phase = 'stopping'
  const timeoutMs = config.SHUTDOWN_TIMEOUT_MS
  console.log(`\n[portal] ${signal}: stopping — no new requests${wasServing ? `, finishing ${inFlight} in flight (at most ${timeoutMs / 1000} s)` : ''} …`)
  const listener = server.node?.server
  const http = listener instanceof HttpServer ? listener : undefined
  const closed = new Promise<void>((resolve) => (http ? http.close(() => resolve()) : resolve()))
  // Keep-alive connections that have no request running are closed at once and as they finish.
  const sweep = setInterval(() => http?.closeIdleConnections(), 100)
  http?.closeIdleConnections()
  const drained = await Promise.race([closed.then(() => true), delay(timeoutMs).then(() => false)])
  clearInterval(sweep)
  if (!drained) {
    console.warn(
      `[portal] ${inFlight} request(s) still running after ${timeoutMs / 1000} s: their connections are closed; their transactions finish or roll back.`,
    )
    http?.closeAllConnections()
  }
  let code = 0
  try {
    await useNitroHooks().callHook('close')
    // Waits for running transactions; bounded so a stuck one cannot hold the process forever.
    // A database that was not closed recovers from its write-ahead log on the next start.
    const closedInTime = await Promise.race([stopPortal().then(() => true), delay(timeoutMs * 2).then(() => false)])
    if (!closedInTime) {
      console.warn('[portal] the database did not close in time; it recovers from its log on the next start.')
      code = 1
    }
  } catch (error) {
    console.error('[portal] closing the database failed:', error instanceof Error ? error.message : error)
    code = 1
  }
  console.log('[portal] stopped.')
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
  if (!vueLane()) console.warn('[portal] the app did not publish its /vue/ lane: API calls go through nitro.')
}

function serveLane(lane: VueLane, req: IncomingMessage, res: ServerResponse): void {
  inFlight += 1
  lane(new NodeRequest({ req, res }), req.socket.remoteAddress)
    .then(
      (answer) => writeAnswer(res, answer),
      (error: unknown) => {
        console.error('[portal] /vue/ answer failed:', error)
        if (res.headersSent) res.destroy()
        else res.writeHead(500).end()
      },
    )
    .finally(() => {
      inFlight -= 1
    })
}

/** The answer as it is: JSON text with its length (no chunked encoding), or no body. */
function writeAnswer(res: ServerResponse, answer: ApiAnswer): void {
  const headers: string[] = []
  for (const name in answer.headers) headers.push(lowerCase(name), answer.headers[name]!)
  if (answer.body === null) {
    res.writeHead(answer.status, headers).end()
    return
  }
  headers.push('content-length', String(Buffer.byteLength(answer.body)))
  res.writeHead(answer.status, headers).end(answer.body)
}

// Header names come from a handful of constants: lower-cased once each, not per answer.
const lowerNames = new Map<string, string>()
function lowerCase(name: string): string {
  let lower = lowerNames.get(name)
  if (lower === undefined) {
    lower = name.toLowerCase()
    if (lowerNames.size < 100) lowerNames.set(name, lower)
  }
  return lower
}

/** A page to render (not a file: /assets/…, /sw.js, /logo.svg; not /health), from the request line's path. */
function isPage(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '/'
  return path !== '/health' && !path.startsWith('/assets/') && !/\.[a-z0-9]+$/i.test(path)
}

/** Whether a request URL's path starts with /vue/ (the URL is absolute: scheme, host, path). */
function isApiCall(url: string): boolean {
  const path = url.indexOf('/', url.indexOf('//') + 2)
  return path !== -1 && url.startsWith('/vue/', path)
}

function fail(reason: string): never {
  console.error(`[portal] cannot start: ${reason}`)
  process.exit(1)
}

function listenProblem(error: unknown): string {
  const code = error instanceof Error && 'code' in error ? String(error.code) : ''
  const where = `${config.HOST ?? 'all interfaces'}, port ${config.PORT}`
  if (code === 'EADDRINUSE') return `port ${config.PORT} is already in use (${where}). Stop the other server or set PORT.`
  if (code === 'EACCES') return `no permission to listen on ${where}. Choose a port above 1023 with PORT.`
  return `cannot listen on ${where}: ${error instanceof Error ? error.message : String(error)}`
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref())
}
