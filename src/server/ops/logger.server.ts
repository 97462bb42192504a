import pino, { type DestinationStream, type Logger } from 'pino'
import pretty from 'pino-pretty'
import { env, type Env } from '../env.server'
import { BatchedLogWriter } from './log-writer.server'
import { currentRequest } from './request-context.server'

// The server's log (decision 041): pino, one JSON object per line on stdout for a log stack, or
// readable lines on a terminal. Written asynchronously, many lines a write (what is held is
// written when the process exits). Secrets are removed here, once, for every line:
// fields named like them, and the parameters drizzle puts into the text of a failed query.
export type LogSettings = Pick<Env, 'LOG_LEVEL' | 'LOG_FORMAT' | 'NODE_ENV'>

// The second factor's secret and recovery codes too (decision 054); never `code`, which also names exit codes.
const REDACTED = ['password', 'token', 'jwt', 'authorization', 'cookie', 'secret', 'otpauth_url', 'recovery_codes'].flatMap((name) => [name, `*.${name}`])

export function createLogger(settings: LogSettings, destination: DestinationStream = destinationFor(settings)): Logger {
  return pino(
    {
      level: settings.LOG_LEVEL,
      redact: { paths: REDACTED, censor: '[redacted]' },
      serializers: { err: serializeError },
    },
    destination,
  )
}

/**
 * The logger of the request lines: the same level and destination, without the redaction pass
 * (its fields are fixed — ids, route, status, duration — and hold no secret; the pass doubled a
 * line's cost, measured by bench:api's logging step).
 */
export function createRequestLogger(settings: LogSettings, destination: DestinationStream = destinationFor(settings)): Logger {
  return pino({ level: settings.LOG_LEVEL }, destination)
}

function destinationFor(settings: LogSettings): DestinationStream {
  // Under vitest the lines go through the console: an error line fails the test like a
  // console.error does (tests/setup/console.ts), warnings show as before; info lines would only
  // interleave with the test report.
  if (settings.NODE_ENV === 'test') return TEST_CONSOLE
  if (logsAreReadable(settings)) {
    return pretty({
      colorize: process.stdout.isTTY === true,
      ignore: READABLE_IGNORED,
      translateTime: 'SYS:HH:MM:ss.l',
      singleLine: true,
      messageFormat: readable,
    })
  }
  // Lines are gathered into writes of 16 K characters or every 100 ms (log-writer.server.ts).
  return sharedDestination()
}

declare global {
  var __portalLogDestination: BatchedLogWriter | undefined
}

/** One stdout writer for every logger of the process (the lines stay whole and in order). */
function sharedDestination(): BatchedLogWriter {
  if (!globalThis.__portalLogDestination) {
    const writer = new BatchedLogWriter(1)
    globalThis.__portalLogDestination = writer
    process.once('exit', () => writer.flushSync())
  }
  return globalThis.__portalLogDestination
}

/** Before a planned exit: waits (at most `timeoutMs`) until the JSON lines written so far are out. */
export async function drainLog(timeoutMs = 1000): Promise<void> {
  await globalThis.__portalLogDestination?.drained(timeoutMs)
}

// On a terminal a request line reads `GET companies.info 200 1.2 ms user 2`, its id after it.
const READABLE_IGNORED = 'pid,hostname,method,route,status,durationMs,userId,actorId,aborted'
function readable(line: Record<string, unknown>, messageKey: string): string {
  const message = String(line[messageKey] ?? '')
  if (message !== 'request') return message
  const user = line.userId === undefined ? '' : ` user ${String(line.userId)}${line.actorId === undefined ? '' : ` (by ${String(line.actorId)})`}`
  return `${String(line.method)} ${String(line.route)} ${String(line.status)} ${String(line.durationMs)} ms${user}${line.aborted ? ' (client left)' : ''}`
}

/** Readable lines for people (LOG_FORMAT=pretty, or auto on a terminal), else JSON. */
export function logsAreReadable(settings: Pick<Env, 'LOG_FORMAT'>): boolean {
  return settings.LOG_FORMAT === 'pretty' || (settings.LOG_FORMAT === 'auto' && process.stdout.isTTY === true)
}

const TEST_CONSOLE: DestinationStream = {
  write(line) {
    const level = Number(/^\{"level":(\d+)/.exec(line)?.[1] ?? 0)
    if (level >= 50) console.error(line.trimEnd())
    else if (level >= 40) console.warn(line.trimEnd())
  },
}

declare global {
  var __portalLogger: Logger | undefined
}

/** The process's logger, without a request's id (the request lines name theirs themselves). */
export function processLogger(): Logger {
  globalThis.__portalLogger ??= createLogger(env())
  return globalThis.__portalLogger
}

/** Tests log into a destination of their own; undefined goes back to the settings' logger. */
export function useLogger(logger: Logger | undefined): void {
  globalThis.__portalLogger = logger
  globalThis.__portalRequestLogger = logger
}

declare global {
  var __portalRequestLogger: Logger | undefined
}

/** The logger of the request lines (request-log.server.ts). */
export function requestLogger(): Logger {
  globalThis.__portalRequestLogger ??= createRequestLogger(env())
  return globalThis.__portalRequestLogger
}

/** The logger for the current work: inside a request its lines carry the request's id (`reqId`). */
export function logger(): Logger {
  const request = currentRequest()
  if (!request) return processLogger()
  request.logger ??= processLogger().child({ reqId: request.id })
  return request.logger
}

/**
 * pino's error serializer, without the parameters of a failed query: drizzle puts them into its
 * DrizzleQueryError's message and stack, a database driver's error may carry them as a field —
 * a token's hash, an e-mail address, a password's hash.
 */
function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error
  const query: unknown = Reflect.get(error, 'query')
  if (typeof query === 'string' && 'params' in error && error.message.startsWith('Failed query: ')) {
    const stack = error.stack ?? ''
    const frames = stack.indexOf('\n    at ')
    const message = `Failed query: ${query} (parameters left out)`
    return { type: error.name, message, stack: `${error.name}: ${message}${frames === -1 ? '' : stack.slice(frames)}`, cause: serializeError(error.cause) }
  }
  const { params: _params, ...serialized } = pino.stdSerializers.err(error)
  return serialized
}
