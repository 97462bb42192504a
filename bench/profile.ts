// bench/profile.ts — where a request's time goes on the built server under load: the server runs
// with its inspector open, autocannon loads one target (c=50, BENCH_DURATION s after a 2 s
// warm-up) while V8's profiler samples the main thread (through the inspector, so the start and the
// warm-up stay out), and this prints the profile's self time grouped by where
// the code lives (a package, a file of the portal, node's own modules, the garbage collector),
// the functions that take most, and the main thread's CPU per request. Needs `npm run build`.
// `npm run bench:profile -- [target…]`; targets: companies, contacts, approval, desk, info, home
// (all when none is named; companies alone in small mode). BENCH_PROFILE_KEEP=1 keeps the .cpuprofile files (open them in
// Chrome's DevTools, Performance tab, for the flame graph; `npm run bench:profile -- --read FILE`
// prints a kept one again). BENCH_PROFILE_ENV="A=1 B=2" adds
// environment to the server (COMPRESS_PAGES=0, say), so one setting's share shows.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { z } from 'zod'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { SMALL, sized } from './lib/mode'
import { writeResult, type Figure } from './lib/result'
import { benchFolder, freePort, requireBuild, startBuiltServer, stop, waitFor } from './lib/server'
import { BENCH_JWT_SECRET, signedIn } from './lib/signed-in'

const DURATION = sized('BENCH_DURATION', { full: 15, small: 2 })
const CONNECTIONS = sized('BENCH_CONNECTIONS', { full: 50, small: 4 })
const COMPANY = DEMO_ACCOUNTS.dealer.companyId
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' }
// The profiler's sampling interval, µs (V8's default is 1,000).
const SAMPLE_US = 250

type Session = { token: string; cookie: string }
const page = (s: Session) => ({ ...BROWSER, cookie: s.cookie })
const TARGETS: Record<string, { path: string; account: keyof typeof DEMO_ACCOUNTS; headers: (s: Session) => Record<string, string> }> = {
  companies: { path: `/companies/${COMPANY}`, account: 'dealer', headers: page },
  contacts: { path: '/overview-contacts', account: 'dealer', headers: page },
  approval: { path: '/order-approve', account: 'staff', headers: page },
  desk: { path: '/vartext?dst=fr', account: 'translator', headers: page },
  info: { path: `/vue/company/${COMPANY}/info/`, account: 'dealer', headers: (s) => ({ authorization: `JWT ${s.token}` }) },
  home: { path: '/', account: 'dealer', headers: () => BROWSER },
}

const profileNode = z.object({
  id: z.number(),
  callFrame: z.object({ functionName: z.string(), url: z.string(), lineNumber: z.number() }),
  hitCount: z.number().optional(),
  children: z.array(z.number()).optional(),
})
const cpuProfile = z.object({
  nodes: z.array(profileNode),
  startTime: z.number(),
  endTime: z.number(),
  samples: z.array(z.number()),
  timeDeltas: z.array(z.number()),
})

/** The source modules a built file holds: the bundler's `// <path>` line before each, by line. */
const modulesOf = new Map<string, Array<{ line: number; module: string }>>()
function moduleMarks(url: string): Array<{ line: number; module: string }> {
  let marks = modulesOf.get(url)
  if (marks) return marks
  marks = []
  try {
    const lines = readFileSync(fileURLToPath(url), 'utf8').split('\n')
    for (const [index, text] of lines.entries()) {
      const module = /^\/\/ ((?:node_modules|\.nitro|#nitro|app|src)\/?\S*)$/.exec(text)?.[1]
      if (module) marks.push({ line: index, module })
    }
  } catch {
    // not a file of the build (node's own modules)
  }
  modulesOf.set(url, marks)
  return marks
}

/** The source module of a line of a built file, shortened: a package and its file, or the portal's chunk. */
function moduleAt(url: string, line: number): string | null {
  let found: string | null = null
  for (const mark of moduleMarks(url)) {
    if (mark.line > line) break
    found = mark.module
  }
  if (!found) return null
  const pkg = /^node_modules\/((?:@[^/]+\/)?[^/]+)\/(?:dist\/(?:esm\/|cjs\/)?|lib\/|cjs\/)?(.*)$/.exec(found)
  if (pkg) return `${pkg[1]}/${pkg[2]}`
  // The portal's server bundle names only some of its chunks: its code is told by function.
  if (/assets\/.+\.js$/.test(found)) return null
  return found
}

/** Where a function's code lives, in words a reader of the profile can act on. */
function placeOf(url: string, functionName: string, line: number): string {
  if (!url) return functionName.startsWith('(') ? functionName : `(native) ${functionName || 'anonymous'}`
  if (url.startsWith('node:')) return url
  const module = url.startsWith('file:') ? moduleAt(url, line) : null
  if (module) return module
  const lib = /\/_libs\/(.+?)\.mjs$/.exec(url)?.[1]
  if (lib) return lib
  if (/\/\.output\/server\//.test(url)) return `portal: ${functionName || '(anonymous)'}`
  return url
}

/** The part of a page's answer a place belongs to (the first pattern that matches). */
const PARTS: Array<[string, RegExp]> = [
  ['React renders the page (react-dom/server)', /^react-dom\/|^react\//],
  ['the router: SSR stream and dehydration (router-core/ssr, seroval)', /router-core\/ssr|react-router\/ssr|start-server-core|^seroval|start-client-core/],
  ['the router: matching, loaders, head, components', /@tanstack\/(router-core|react-router|history)/],
  ['TanStack Query (cache, dehydration)', /@tanstack\/(query-core|react-query|react-router-ssr-query|router-ssr-query-core)/],
  ['compression (zlib)', /^node:zlib|^portal: (withCompression|compressedStream|chosenCoding|whole|take|pump|endOfTurn)$/],
  ['the scripts-after-paint rewrite', /^portal: (rewrite|transform|scriptsAfterPaint|withScriptsAfterPaint|startScriptsAfterPaint)$|^RegExp: /],
  ['database driver and ORM', /^drizzle-orm|^pg|postgres/],
  ['session (tokens, HMAC)', /^jose|node:internal\/crypto|Hmac|^portal: (storedUser|cookieValue|authenticate|hotRead|verifyToken|sessionOf)$/],
  ['Start and nitro request handling (h3, srvx)', /h3|srvx|rou3|nitro|@tanstack\/start/],
  ['web streams and text encoding', /webstreams|encoding|encodeInto|TextDecoder|TextEncoder/],
  ['socket writes and HTTP', /writev|_http|node:net|node:internal\/stream_base|undici|node:internal\/streams/],
  ['zod (parsing)', /^zod/],
  ['garbage collector', /garbage collector/],
  ["the portal's own code", /^portal/],
]

function partOf(place: string, functionName: string): string {
  const subject = place.startsWith('(native)') ? functionName : place
  return PARTS.find(([, pattern]) => pattern.test(subject) || pattern.test(place))?.[0] ?? 'other'
}

function summarize(file: string, answered: number): number {
  const profile = cpuProfile.parse(JSON.parse(readFileSync(file, 'utf8')))
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parentOf = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id)
  // A native function (no source: a zlib handle's writeSync, a socket's writev) belongs to the
  // part of the code that called it: the nearest caller with a source names the part.
  const callerPlace = (id: number): string | null => {
    for (let at = parentOf.get(id); at !== undefined; at = parentOf.get(at)) {
      const frame = byId.get(at)?.callFrame
      if (frame?.url) return placeOf(frame.url, frame.functionName, frame.lineNumber)
    }
    return null
  }
  const selfMs = new Map<number, number>()
  // Each sample's time is the delta to the next sample.
  for (let index = 0; index < profile.samples.length; index++) {
    const id = profile.samples[index]!
    const delta = (profile.timeDeltas[index + 1] ?? 0) / 1000
    selfMs.set(id, (selfMs.get(id) ?? 0) + delta)
  }
  const places = new Map<string, number>()
  const parts = new Map<string, number>()
  const functions = new Map<string, number>()
  let busy = 0
  for (const [id, ms] of selfMs) {
    const node = byId.get(id)
    if (!node) continue
    const { functionName, url, lineNumber } = node.callFrame
    if (functionName === '(idle)') continue
    busy += ms
    const place = placeOf(url, functionName, lineNumber)
    places.set(place, (places.get(place) ?? 0) + ms)
    const caller = url || functionName.startsWith('(') ? null : callerPlace(id)
    const part = caller && partOf(caller, '') !== 'other' && partOf(place, functionName) === 'other' ? partOf(caller, '') : partOf(place, functionName)
    parts.set(part, (parts.get(part) ?? 0) + ms)
    const name = `${functionName || '(anonymous)'} — ${place}${url ? `:${lineNumber + 1}` : ''}`
    functions.set(name, (functions.get(name) ?? 0) + ms)
  }
  const wall = (profile.endTime - profile.startTime) / 1000
  console.log(
    `  main thread busy ${(busy / 1000).toFixed(1)} s of ${(wall / 1000).toFixed(1)} s; ${answered} answers in the load: ${((busy * 1000) / Math.max(answered, 1)).toFixed(0)} µs of main-thread CPU per answer`,
  )
  const table = (title: string, rows: Map<string, number>, count: number) => {
    console.log(`  ${title}:`)
    for (const [name, ms] of [...rows].sort((a, b) => b[1] - a[1]).slice(0, count)) {
      console.log(`    ${((ms / busy) * 100).toFixed(1).padStart(5)} %  ${name}`)
    }
  }
  table('self time by part of the answer', parts, PARTS.length + 1)
  table('self time by source module', places, 25)
  table('self time by function', functions, 25)
  return (busy * 1000) / Math.max(answered, 1)
}

/** The server's V8 profiler through its inspector (Chrome DevTools protocol over a WebSocket). */
async function startProfiler(port: number): Promise<{ stop: () => Promise<unknown> }> {
  const targets = z.array(z.object({ webSocketDebuggerUrl: z.string() })).parse(await (await fetch(`http://127.0.0.1:${port}/json/list`)).json())
  const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl)
  await new Promise((resolve, reject) => {
    socket.onopen = resolve
    socket.onerror = reject
  })
  let next = 0
  const waiting = new Map<number, (result: unknown) => void>()
  socket.onmessage = (event) => {
    const message = z.object({ id: z.number().optional(), result: z.unknown() }).parse(JSON.parse(String(event.data)))
    if (message.id !== undefined) waiting.get(message.id)?.(message.result)
  }
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve) => {
      const id = ++next
      waiting.set(id, resolve)
      socket.send(JSON.stringify({ id, method, params }))
    })
  await send('Profiler.enable')
  await send('Profiler.setSamplingInterval', { interval: SAMPLE_US })
  await send('Profiler.start')
  return {
    async stop() {
      const { profile } = z.object({ profile: z.unknown() }).parse(await send('Profiler.stop'))
      socket.close()
      return profile
    },
  }
}

async function profileTarget(name: string): Promise<Figure[]> {
  const target = TARGETS[name]
  if (!target) throw new Error(`no target “${name}”; known: ${Object.keys(TARGETS).join(', ')}`)
  const folder = benchFolder('profile-')
  const profiles = join(folder, 'profiles')
  mkdirSync(profiles)
  const port = await freePort(3290, 3330)
  const inspectorPort = await freePort(port + 1, 3340)
  const extra = Object.fromEntries(
    (process.env.BENCH_PROFILE_ENV ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((pair) => pair.split('=', 2) as [string, string]),
  )
  const child = startBuiltServer({
    port,
    dataDir: join(folder, 'data'),
    env: { JWT_SECRET: BENCH_JWT_SECRET, ...extra },
    nodeOptions: [`--inspect=127.0.0.1:${inspectorPort}`],
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  // The server's errors come through; the inspector's greetings do not.
  child.stderr?.on('data', (chunk: Buffer) => {
    const lines = chunk
      .toString()
      .split('\n')
      .filter((line) => line && !/^(Debugger (listening|attached|ending)|For help, see)/.test(line))
    if (lines.length > 0) process.stderr.write(`${lines.join('\n')}\n`)
  })
  try {
    const origin = `http://127.0.0.1:${port}`
    await waitFor(`${origin}/vue/maintenance/`, 120_000, child)
    const session = await signedIn(origin, target.account)
    const url = `${origin}${target.path}`
    const headers = target.headers(session)
    const first = await fetch(url, { headers, redirect: 'manual' })
    await first.arrayBuffer()
    if (first.status !== 200) throw new Error(`${target.path} answered ${first.status}`)
    await autocannon({ url, connections: CONNECTIONS, duration: 2, headers })
    // Profiled from here to the end of the load: the server's start and the warm-up stay out.
    const profiler = await startProfiler(inspectorPort)
    const load = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers })
    const file = join(profiles, `${name}.cpuprofile`)
    writeFileSync(file, JSON.stringify(await profiler.stop()))
    console.log(
      `\n${name} (${target.path}${
        extra && Object.keys(extra).length
          ? `, ${Object.entries(extra)
              .map(([key, value]) => `${key}=${value}`)
              .join(' ')}`
          : ''
      }): ${load.requests.average.toFixed(0)} req/s, p99 ${load.latency.p99} ms, ${CONNECTIONS} conn. × ${DURATION} s (the profiler costs some of it)`,
    )
    const perAnswer = summarize(file, load.requests.total)
    if (process.env.BENCH_PROFILE_KEEP === '1') console.log(`  profiles kept in ${profiles}`)
    return [
      { figure: `${name}: main-thread CPU per answer under load (profiled)`, value: Math.round(perAnswer), unit: 'µs' },
      { figure: `${name}: answers while profiled, ${CONNECTIONS} conn.`, value: Math.round(load.requests.average), unit: 'req/s' },
    ]
  } finally {
    await stop(child)
    if (process.env.BENCH_PROFILE_KEEP !== '1') rmSync(folder, { recursive: true, force: true })
  }
}

const names = process.argv.slice(2)
if (names[0] === '--read' && names[1]) {
  // A kept profile read again (the build it came from must still be in .output).
  summarize(names[1], 0)
} else {
  requireBuild()
  // Small mode (npm test) proves the profiling runs, on one screen.
  const chosen = names.length > 0 ? names : SMALL ? ['companies'] : Object.keys(TARGETS)
  const figures: Figure[] = []
  for (const name of chosen) figures.push(...(await profileTarget(name)))
  writeResult(figures)
}
