import { createServer } from 'node:http'
import type { Logger } from 'pino'
import { NodeRequest } from 'srvx/node'
import { z } from 'zod'
import { createLogger, useLogger } from '../../src/server/ops/logger.server'
import { routeOfPath, runInRequest } from '../../src/server/ops/request-context.server'
import { openRequest } from '../../src/server/ops/request-log.server'
import type { Env } from '../../src/server/env.server'
import { answerVueRequest } from '../../src/server/http-api/dispatch.server'

// The /vue/ dispatcher behind a node:http server that opens each request as the built server's
// socket lane does (src/server/socket-lane.server.ts): its id, its context, its log line and
// metrics when it ends. The built server itself is tested in e2e/ops.spec.ts.
export type ObservedServer = { origin: string; close(): Promise<void> }

export async function observedServer(): Promise<ObservedServer> {
  const server = createServer((req, res) => {
    const url = req.url ?? '/'
    const context = openRequest(req, res, routeOfPath(url.split('?', 1)[0] ?? '/'))
    void runInRequest(context, async () => {
      const answer = await answerVueRequest(new NodeRequest({ req, res }), { clientAddress: req.socket.remoteAddress ?? '127.0.0.1' })
      res.writeHead(answer.status, { ...answer.headers, 'x-request-id': context.id }).end(answer.body ?? undefined)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (typeof address !== 'object' || !address) throw new Error('the observed server has no port')
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const logLine = z.looseObject({ level: z.number(), msg: z.string().optional(), reqId: z.string().optional() })
export type LogLine = z.infer<typeof logLine>
export type CapturedLog = { lines: LogLine[]; text(): string; requests(): LogLine[] }

/** The process's logger writes into memory (JSON, as in production) until `release`. */
export function captureLog(level: Env['LOG_LEVEL'] = 'info'): CapturedLog & { logger: Logger; release(): void } {
  const raw: string[] = []
  const logger = createLogger({ LOG_LEVEL: level, LOG_FORMAT: 'json', NODE_ENV: 'production' }, { write: (line) => raw.push(line) })
  useLogger(logger)
  const lines = () => raw.map((line) => logLine.parse(JSON.parse(line)))
  return {
    logger,
    get lines() {
      return lines()
    },
    text: () => raw.join(''),
    requests: () => lines().filter((line) => line.msg === 'request'),
    release: () => useLogger(undefined),
  }
}
