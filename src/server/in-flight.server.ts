import type { IncomingMessage, ServerResponse } from 'node:http'
import { NodeRequest } from 'srvx/node'
import type { Env } from './env.server'
import { refusalAnswer } from './refusal.server'
import { clientAddressFrom } from './http-api/forwarded.server'
import { writeAnswer } from './http-api/socket-answer.server'
import { ClientSlots } from './ops/client-slots.server'

// The built server's count of the work in progress (MAX_IN_FLIGHT, decision 033) and the places
// of bodies still arriving, a share per address (decision 051), kept for each request the
// socket lane (socket-lane.server.ts) lets in.

type InFlightLimits = Pick<Env, 'MAX_BODIES_PER_CLIENT' | 'MAX_IN_FLIGHT' | 'REQUEST_BODY_TIMEOUT_MS' | 'REQUEST_BODY_MIN_RATE' | 'TRUST_PROXY'>

/** A body's place among those of its address; `release` gives it back (a second call does nothing). */
export type BodyPlace = { release: () => void }

export class InFlight {
  private running = 0
  private readonly bodies: ClientSlots

  constructor(private readonly config: InFlightLimits) {
    this.bodies = new ClientSlots({
      perClient: config.MAX_BODIES_PER_CLIENT,
      total: config.MAX_IN_FLIGHT,
      bodyTimeoutMs: config.REQUEST_BODY_TIMEOUT_MS,
      minBytesPerSecond: config.REQUEST_BODY_MIN_RATE,
    })
  }

  /** Requests counted against MAX_IN_FLIGHT now. */
  get count(): number {
    return this.running
  }

  /**
   * A place for the request's body among those of its address, released once the body is in; a
   * body that overstays its bound is ended (a /vue/ call gets 408 in the envelope). Null when the
   * request was refused: 429 for an address with its share taken, 503 when all places are.
   */
  takeBodyPlace(req: IncomingMessage, res: ServerResponse, path: string, id: string): BodyPlace | null {
    const forwarded = req.headers['x-forwarded-for']
    const address = clientAddressFrom(Array.isArray(forwarded) ? forwarded.join(', ') : forwarded, req.socket.remoteAddress, this.config.TRUST_PROXY)
    const place = this.bodies.take(address, req.socket, () => {
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
  hold(req: IncomingMessage, res: ServerResponse, place: BodyPlace | undefined): void {
    let counted = false
    let over = false
    const count = () => {
      place?.release()
      if (over || counted) return
      counted = true
      this.running += 1
    }
    if (place) req.once('end', count)
    else count()
    res.once('close', () => {
      over = true
      place?.release()
      if (counted) this.running -= 1
    })
  }
}
