import { serverStates } from './haproxy'
import { Load, type Call } from './load'
import { sleep, type Child } from './processes'

// One server stopped with SIGTERM while several clients keep sending requests through the proxy:
// its /ready turns 503 at once, HAProxy takes it out after `fall` failed checks, and it stops
// accepting only after DRAIN_DELAY_MS — so no request fails.

export type DrainResult = {
  load: Load
  /** ms from SIGTERM until HAProxy's stats said DOWN, or null if it never did before the end. */
  downAfterMs: number | null
  /** ms from SIGTERM until the process ended. */
  exitedAfterMs: number
  /** ms from SIGTERM until the stopped server's last answer (negative: before the signal). */
  lastAnswerAfterMs: number | null
  exitCode: number | null
}

export type DrainOptions = {
  origin: string
  token: string
  calls: ReadonlyArray<Call>
  clients: number
  statsPort: number
  victim: Child
  victimName: string
  /** How long requests flow before the signal and after the server has gone. */
  beforeMs: number
  afterMs: number
}

export async function drainOneServer(options: DrainOptions): Promise<DrainResult> {
  const load = new Load(options.origin, options.token, options.calls)
  load.start(options.clients)
  try {
    await sleep(options.beforeMs)
    load.phase = 'draining'
    const signalledAt = load.elapsedMs
    options.victim.process.kill('SIGTERM')
    let downAfterMs: number | null = null
    let exited = false
    void options.victim.exited.then(() => (exited = true))
    while (!exited) {
      if (downAfterMs === null) {
        const state = (await serverStates(options.statsPort).catch(() => new Map<string, string>())).get(options.victimName) ?? ''
        if (state.startsWith('DOWN')) downAfterMs = load.elapsedMs - signalledAt
      }
      await Promise.race([sleep(50), options.victim.exited])
    }
    const exitedAfterMs = load.elapsedMs - signalledAt
    load.phase = 'after'
    await sleep(options.afterMs)
    await load.stop()
    const last = load.lastAnswer.get(options.victimName)
    return {
      load,
      downAfterMs,
      exitedAfterMs,
      lastAnswerAfterMs: last === undefined ? null : last - signalledAt,
      exitCode: options.victim.process.exitCode,
    }
  } finally {
    await load.stop()
  }
}
