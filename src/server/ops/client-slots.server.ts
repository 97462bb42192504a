import type { IncomingMessage } from 'node:http'

// Requests whose body is still arriving (decision 051). They do not count against
// MAX_IN_FLIGHT until their body is in, so clients sending slowly cannot lock others out;
// instead each client address may have a few of them at once. Past `total` bodies arriving, an
// address gets one only when it has none yet: a normal client's login is received whatever
// others drip. A body must be in within its bound, unless it keeps arriving at
// the minimum rate (a large upload on a slow line); otherwise the request is ended.
export type SlotLimits = {
  /** Bodies arriving at once from one address. */
  perClient: number
  /** Bodies arriving at once from all addresses, past which only an address with none gets one. */
  total: number
  bodyTimeoutMs: number
  /** Bytes per second, averaged since the headers, that earn a body more time; 0: none. */
  minBytesPerSecond: number
}

/** Why a body is not received: its address has its share, or all addresses together have theirs. */
export type SlotRefusal = 'per-client' | 'total'

type Arriving = { address: string; startedAt: number; bytesAtStart: number; socket: { bytesRead: number }; tooSlow: () => void }

const SWEEP_MS = 1000

export class ClientSlots {
  private readonly arriving = new Set<Arriving>()
  private readonly perAddress = new Map<string, number>()
  private sweep: NodeJS.Timeout | undefined

  constructor(
    private readonly limits: SlotLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Bodies arriving now, from all addresses or from one. */
  count(address?: string): number {
    return address === undefined ? this.arriving.size : (this.perAddress.get(address) ?? 0)
  }

  /**
   * Takes a place for a body from `address`, or says why not. `release` gives it back (once the
   * body is in, or the request is over; a second call does nothing); `tooSlow` runs, at most once,
   * when the body overstays its bound.
   */
  take(address: string, socket: { bytesRead: number }, tooSlow: () => void): { release: () => void } | SlotRefusal {
    const held = this.count(address)
    if (held >= this.limits.perClient) return 'per-client'
    if (held > 0 && this.arriving.size >= this.limits.total) return 'total'
    const entry: Arriving = { address, startedAt: this.now(), bytesAtStart: socket.bytesRead, socket, tooSlow }
    this.arriving.add(entry)
    this.perAddress.set(address, held + 1)
    this.sweep ??= setInterval(() => this.check(), SWEEP_MS).unref()
    return { release: () => this.release(entry) }
  }

  /** Ends the bodies past their bound that do not arrive at the minimum rate. */
  check(): void {
    const now = this.now()
    for (const entry of this.arriving) {
      const elapsedMs = now - entry.startedAt
      if (elapsedMs < this.limits.bodyTimeoutMs) continue
      const received = entry.socket.bytesRead - entry.bytesAtStart
      if (this.limits.minBytesPerSecond > 0 && received >= (this.limits.minBytesPerSecond * elapsedMs) / 1000) continue
      this.release(entry)
      entry.tooSlow()
    }
  }

  private release(entry: Arriving): void {
    if (!this.arriving.delete(entry)) return
    const left = (this.perAddress.get(entry.address) ?? 1) - 1
    if (left > 0) this.perAddress.set(entry.address, left)
    else this.perAddress.delete(entry.address)
    if (this.arriving.size === 0 && this.sweep) {
      clearInterval(this.sweep)
      this.sweep = undefined
    }
  }
}

/** Whether a request has a body to wait for (RFC 9112 §6.3: a length above 0, or chunks). */
export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length']
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
}
