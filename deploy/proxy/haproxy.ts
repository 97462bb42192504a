import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { startChild, type Child } from './processes'

// The example configuration (deploy/proxy/haproxy.cfg) with this run's ports, and what HAProxy's
// stats page says about the servers.

export type ProxyPorts = { proxy: number; stats: number; servers: [number, number] }

/** Writes a copy of the example with the ports of this run; throws when an address is missing. */
export function writeConfig(example: string, target: string, ports: ProxyPorts): void {
  let text = readFileSync(example, 'utf8')
  const swaps: Array<[RegExp, string]> = [
    [/^(\s*bind) :8080$/m, `$1 127.0.0.1:${ports.proxy}`],
    [/^(\s*bind) 127\.0\.0\.1:8404$/m, `$1 127.0.0.1:${ports.stats}`],
    [/^(\s*server portal1) 127\.0\.0\.1:3001$/m, `$1 127.0.0.1:${ports.servers[0]}`],
    [/^(\s*server portal2) 127\.0\.0\.1:3002$/m, `$1 127.0.0.1:${ports.servers[1]}`],
  ]
  for (const [pattern, replacement] of swaps) {
    if (!pattern.test(text)) throw new Error(`${example}: no line matches ${pattern} (was the example changed?)`)
    text = text.replace(pattern, replacement)
  }
  writeFileSync(target, text)
}

/** HAProxy in the foreground (-db), as a child of this process. */
export function startHaproxy(config: string, logFile: string): Child {
  return startChild('haproxy', 'haproxy', ['-db', '-f', config], undefined, logFile)
}

/** HAProxy's log ends with a failed bind: the port was free when picked and taken since. */
export function failedToBind(logFile: string): boolean {
  return existsSync(logFile) && /cannot bind|Address already in use/i.test(readFileSync(logFile, 'utf8'))
}

/** The last lines of a log, for a failure message. */
export function tail(logFile: string, lines = 8): string {
  if (!existsSync(logFile)) return '(no log)'
  return readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')
}

/** Status (`UP`, `DOWN`, `UP 1/2` …) of each server of the backend, from the stats page's CSV. */
export async function serverStates(statsPort: number, backend = 'portal_servers'): Promise<Map<string, string>> {
  const answer = await fetch(`http://127.0.0.1:${statsPort}/;csv`, { signal: AbortSignal.timeout(2_000) })
  const lines = (await answer.text()).split('\n')
  const header = (lines[0] ?? '').replace(/^# /, '').split(',')
  const column = (name: string) => header.indexOf(name)
  const states = new Map<string, string>()
  for (const line of lines.slice(1)) {
    const cells = line.split(',')
    const server = cells[column('svname')]
    if (cells[column('pxname')] !== backend || !server || server === 'BACKEND') continue
    states.set(server, cells[column('status')] ?? '?')
  }
  return states
}
