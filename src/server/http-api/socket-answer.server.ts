import type { IncomingMessage, ServerResponse } from 'node:http'
import { NodeRequest } from 'srvx/node'
import { logger } from '../ops/logger.server'
import type { ApiAnswer } from './api-answer.server'
import type { VueLane } from './lane.server'

// How the built server's entry answers on the socket itself (decision 024's fast lane): a /vue/
// call through the lane, and any answer of its own (/ready, a refusal) written straight back
// with the request's id — past srvx's Response plumbing.

/** A /vue/ call through the lane, its answer written back; a failure of the lane itself is a bare 500. */
export function serveLane(lane: VueLane, req: IncomingMessage, res: ServerResponse, id: string): void {
  lane(new NodeRequest({ req, res }), req.socket.remoteAddress).then(
    (answer) => writeAnswer(res, answer, id),
    (error: unknown) => {
      logger().error({ err: error }, '/vue/ answer failed')
      if (res.headersSent) res.destroy()
      else res.writeHead(500).end()
    },
  )
}

/** The answer as it is, with the request's id: JSON text with its length (no chunked encoding), or no body. */
export function writeAnswer(res: ServerResponse, answer: ApiAnswer, id: string): void {
  // Answered already: a body that overstayed its bound got its 408 while the call waited for it.
  if (res.headersSent || res.destroyed) return
  const headers: string[] = ['x-request-id', id]
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
