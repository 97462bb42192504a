import { logger } from './logger.server'

// A message from code the built server shares with the command-line tools and the dev server
// (the embedded database, the signing secret, the endpoint checks). In the built server it is a
// log line like any other — JSON for a log stack, with the part it comes from and the request's
// id when there is one — so stdout holds nothing a log shipper cannot parse. Elsewhere it is
// written as before, `[part] message`, to stderr (warnings and errors) or stdout, so a tool's
// own output (`admin locked --json`) stays clean.
export type Notice = { level: 'info' | 'warn' | 'error'; part: 'db' | 'auth' | 'vue'; message: string }

export function notice({ level, part, message }: Notice): void {
  if (globalThis.__portalServerEntry) {
    logger()[level]({ part }, message)
    return
  }
  const line = `[${part}] ${message}`
  if (level === 'info') console.log(line)
  else if (level === 'warn') console.warn(line)
  else console.error(line)
}
