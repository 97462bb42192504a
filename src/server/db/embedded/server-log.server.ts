import { appendFileSync } from 'node:fs'
import type { Socket } from 'node:net'
import type { Readable } from 'node:stream'
import { logger } from '../../ops/logger.server'

// The embedded server's log (decision 052): each chunk it writes is appended to its file as far
// as the disk allows, and in the built server each line goes into the portal's log stream at
// its severity, so a full disk does not silence the lines that say why the database stopped.

/** Follows one of the server's output streams into `logFile` and the log stream. */
export function followLog(stream: Readable, logFile: string): void {
  let rest = ''
  stream.on('data', (chunk: Buffer) => {
    try {
      appendFileSync(logFile, chunk)
    } catch {
      // No room or no file: the log stream still has it.
    }
    const lines = (rest + chunk.toString('utf8')).split('\n')
    rest = lines.pop() ?? ''
    for (const line of lines) forwardLogLine(line)
  })
  // The portal need not stay up for the log alone (a command-line tool exits once done).
  ;(stream as Socket).unref()
}

/** A line into the built server's log stream, at its severity; elsewhere (the tools) only the file has it. */
function forwardLogLine(line: string): void {
  if (!globalThis.__portalServerEntry || line.trim() === '') return
  const level = /\b(PANIC|FATAL):/.test(line) ? 'error' : /\b(ERROR|WARNING):/.test(line) ? 'warn' : 'info'
  logger()[level]({ part: 'postgres' }, line)
}
