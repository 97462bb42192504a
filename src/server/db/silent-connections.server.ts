import type { Socket } from 'node:net'
import type pg from 'pg'
import { processLogger } from '../ops/logger.server'
import { LONG_JOB, type WaitBounds } from './bounds.server'

// A connection whose server stops answering in the middle of a query (a network that drops the
// packets, a frozen host) is not ended by PostgreSQL's own bounds: their answer never arrives
// either. The pool's connections are watched (decision 050): a query left without an answer
// for the statement bound plus the connect bound ends its connection, which fails the query
// (503 with Retry-After) and lets the pool open a fresh one. A session that raised its
// statement_timeout for a long job (allowLongJob, LONG_SESSION) gets the long bound instead.
// Streamed queries (COPY) are not watched: they are long jobs' own.

type Watched = {
  /** When each query still waiting for its answer was sent, by a number of its own. */
  pending: Map<number, number>
  /** The session raised its statement bound (a long job) until it is reset or released. */
  long: boolean
}

const CHECK_EVERY_MS = 1000

/** The silent wait after which a query's connection is ended, for a request's or a long job's session. */
export function silentAfterMs(bounds: WaitBounds, long: boolean): number {
  return (long ? LONG_JOB.statementMs : bounds.statementMs) + bounds.connectMs
}

/** Watches every connection of `pool`; the returned function stops watching (on close). */
export function watchSilentConnections(pool: pg.Pool, bounds: WaitBounds): () => void {
  const watched = new Map<pg.PoolClient, Watched>()
  let next = 0
  pool.on('connect', (client) => {
    const state: Watched = { pending: new Map(), long: false }
    watched.set(client, state)
    const query = client.query.bind(client) as (...args: unknown[]) => unknown
    // Each query is noted from the call to its answer (a promise's or a callback's end).
    Object.assign(client, {
      query: (...args: unknown[]) => {
        const text = typeof args[0] === 'string' ? args[0] : textOf(args[0])
        if (text === null) return query(...args)
        if (text.includes('statement_timeout')) state.long = !/^\s*reset\b/i.test(text)
        const id = (next += 1)
        state.pending.set(id, Date.now())
        const done = () => state.pending.delete(id)
        const last = args.at(-1)
        if (typeof last === 'function') {
          return query(...args.slice(0, -1), (...answer: unknown[]) => {
            done()
            return (last as (...answer: unknown[]) => unknown)(...answer)
          })
        }
        const answer = query(...args)
        if (answer instanceof Promise) answer.then(done, done)
        else done()
        return answer
      },
    })
  })
  pool.on('release', (_error, client) => {
    const state = watched.get(client)
    if (state) state.long = false
  })
  pool.on('remove', (client) => watched.delete(client))
  const timer = setInterval(() => {
    const now = Date.now()
    for (const [client, state] of watched) {
      if (state.pending.size === 0) continue
      const waited = now - Math.min(...state.pending.values())
      if (waited < silentAfterMs(bounds, state.long)) continue
      state.pending.clear()
      processLogger().warn({ part: 'db', waitedMs: waited }, 'PostgreSQL connection silent past its bounds: ended')
      streamOf(client)?.destroy()
    }
  }, CHECK_EVERY_MS)
  timer.unref()
  return () => clearInterval(timer)
}

/** The text of a query config; null for a streamed query (a Submittable such as COPY). */
function textOf(config: unknown): string | null {
  if (typeof config !== 'object' || config === null) return null
  if (typeof Reflect.get(config, 'submit') === 'function') return null
  const text: unknown = Reflect.get(config, 'text')
  return typeof text === 'string' ? text : null
}

/**
 * The connection's socket. `pg` offers no public way to end a connection whose server stopped
 * answering (`end()` waits for that server); its own query_timeout destroys this same stream.
 */
function streamOf(client: pg.PoolClient): Socket | undefined {
  const connection: unknown = Reflect.get(client, 'connection')
  const stream: unknown = typeof connection === 'object' && connection !== null ? Reflect.get(connection, 'stream') : undefined
  return typeof stream === 'object' && stream !== null && typeof Reflect.get(stream, 'destroy') === 'function' ? (stream as Socket) : undefined
}
