// The traffic of bench/faults.ts against one built server: a write loop whose confirmed writes
// (a 200 to a new delivery address) are kept by id and name, read loops on the company's
// contacts (never from the read cache, so every call asks the database), a loop on the company's
// info (from the read cache, which answers kept values while the database cannot: decision 050),
// and probes of /health and /ready every PROBE_MS. Every answer is kept with its start and end, so a fault's window
// can be tallied afterwards and its recovery read off.
import { setTimeout as sleep } from 'node:timers/promises'
import { z } from 'zod'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'

const PROBE_MS = 250
// Between two calls of one loop: a loop that fails at once must not spin.
const LOOP_PAUSE_MS = 50
// A call unanswered this long counts as no answer (the portal promises bounded waits, decision 050).
const NO_ANSWER_MS = 15_000
const READERS = 2

export type Loop = 'write' | 'read' | 'cached' | 'health' | 'ready'
export type Answer = { loop: Loop; started: number; ended: number; status: number | 'none'; retryAfter: boolean }

/** A server the traffic runs against, and every write it confirmed so far (id → name). */
export type Target = { name: string; origin: string; jwt: string; confirmed: Map<number, string> }

// The loops' own client address (the servers run with TRUST_PROXY): slow clients elsewhere never share its places.
export const LOOPS_ADDRESS = '10.200.0.1'
const COMPANY = DEMO_ACCOUNTS.dealer.companyId

const created = z.object({ data: z.object({ address: z.object({ id: z.number().int(), name1: z.string() }) }) })

export class Traffic {
  readonly answers: Answer[] = []
  private running = true
  private readonly loops: Promise<void>[] = []
  private readonly probes: Promise<void>[] = []
  private readonly timer: NodeJS.Timeout
  private written = 0

  constructor(private readonly target: Target) {
    this.loops.push(this.loop(() => this.write()))
    for (let i = 0; i < READERS; i++) this.loops.push(this.loop(() => this.call('read', `/vue/company/${COMPANY}/contacts/`)))
    this.loops.push(this.loop(() => this.call('cached', `/vue/company/${COMPANY}/info/`)))
    this.timer = setInterval(() => {
      this.probes.push(this.call('health', '/health'), this.call('ready', '/ready'))
    }, PROBE_MS)
  }

  async stop(): Promise<void> {
    this.running = false
    clearInterval(this.timer)
    await Promise.all([...this.loops, ...this.probes])
  }

  private async loop(once: () => Promise<void>): Promise<void> {
    while (this.running) {
      await once()
      await sleep(LOOP_PAUSE_MS)
    }
  }

  private headers(): Record<string, string> {
    return { authorization: `JWT ${this.target.jwt}`, 'content-type': 'application/json', 'x-forwarded-for': LOOPS_ADDRESS }
  }

  /** One call; its answer kept, its body handed to `confirm` when it is a 200. */
  private async call(loop: Loop, path: string, init: RequestInit = {}, confirm?: (body: unknown) => void): Promise<void> {
    const started = Date.now()
    try {
      const response = await fetch(`${this.target.origin}${path}`, { ...init, headers: this.headers(), signal: AbortSignal.timeout(NO_ANSWER_MS) })
      const text = await response.text()
      if (response.status === 200 && confirm) confirm(JSON.parse(text))
      this.answers.push({ loop, started, ended: Date.now(), status: response.status, retryAfter: response.headers.has('retry-after') })
    } catch {
      this.answers.push({ loop, started, ended: Date.now(), status: 'none', retryAfter: false })
    }
  }

  private write(): Promise<void> {
    this.written += 1
    const name1 = `faults ${process.pid} ${this.target.name} ${Date.now()} ${this.written}`
    const body = { name1, address1: 'Prüfstraße 1', zip: '10115', city: 'Berlin', country: 'DE', phone: '+49 30 1234567' }
    return this.call('write', `/vue/company/${COMPANY}/address/new/`, { method: 'POST', body: JSON.stringify(body) }, (answer) => {
      const { address } = created.parse(answer).data
      this.target.confirmed.set(address.id, address.name1)
    })
  }
}

/**
 * Whether the write loop and the read loops succeed again after `since`: the last three answers
 * of each that started then are 200. When they do, how long after `since` the first of those
 * successes came (the recovery); undefined while they do not.
 */
export function recoveredAfter(answers: Answer[], since: number): number | undefined {
  let recovery = 0
  for (const loop of ['write', 'read'] as const) {
    const after = answers.filter((answer) => answer.loop === loop && answer.started >= since)
    const last = after.slice(-3)
    if (last.length < 3 || last.some((answer) => answer.status !== 200)) return undefined
    let first = after.length - 1
    while (first > 0 && after[first - 1]!.status === 200) first -= 1
    recovery = Math.max(recovery, after[first]!.ended - since)
  }
  return recovery
}

export type Tally = {
  confirmed: number
  statuses: Record<string, number>
  without503RetryAfter: number
  healthNot200: number
  readyNot200: number
  failed500: number
  cachedNot200: number
  /** The slowest answer of the cached loop (ms). */
  cachedSlowestMs: number
}

const COLUMNS = ['200', '503', '408', '429', '500'] as const
export const STATUS_COLUMNS = [...COLUMNS, 'other', 'none'] as const

/** The loops' answers by status (and the probes' failures) among the calls started in [from, to]. */
export function tally(answers: Answer[], from: number, to: number): Tally {
  const window = answers.filter((answer) => answer.started >= from && answer.started <= to)
  const loops = window.filter((answer) => answer.loop === 'write' || answer.loop === 'read')
  const statuses: Record<string, number> = Object.fromEntries(STATUS_COLUMNS.map((column) => [column, 0]))
  for (const answer of loops) {
    const column = answer.status === 'none' ? 'none' : (COLUMNS.find((status) => status === String(answer.status)) ?? 'other')
    statuses[column] = (statuses[column] ?? 0) + 1
  }
  return {
    confirmed: window.filter((answer) => answer.loop === 'write' && answer.status === 200).length,
    statuses,
    without503RetryAfter: loops.filter((answer) => answer.status === 503 && !answer.retryAfter).length,
    healthNot200: window.filter((answer) => answer.loop === 'health' && answer.status !== 200).length,
    readyNot200: window.filter((answer) => answer.loop === 'ready' && answer.status !== 200).length,
    failed500: window.filter((answer) => answer.status === 500).length,
    cachedNot200: window.filter((answer) => answer.loop === 'cached' && answer.status !== 200).length,
    cachedSlowestMs: Math.max(0, ...window.filter((answer) => answer.loop === 'cached').map((answer) => answer.ended - answer.started)),
  }
}
