// The faults bench/faults.ts brings on, one after the other: each starts, lasts a bounded time
// and ends by itself; what the portal promises meanwhile is decisions 050–052's.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { drip } from '../../tests/helpers/drip'
import type { PgProxy } from '../../tests/helpers/pg-proxy'

export type FaultEnd = {
  /** What happened, for the line under the table. */
  note: string
  /** Recovery is not judged before this holds (the fault may take effect after it was brought on). */
  settled: () => boolean
}

export type Fault = { name: string; server: 'embedded' | 'external'; run(): Promise<FaultEnd> }

const always = () => true

function postmasterPid(dataDir: string): number {
  return Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0])
}

/** `kill -9` of the embedded postmaster, as the OOM killer does; the portal starts it again (decision 052). */
export function killPostmaster(dataDir: string): Fault {
  return {
    name: 'kill -9 of the embedded postmaster',
    server: 'embedded',
    run() {
      const killed = postmasterPid(dataDir)
      process.kill(killed, 'SIGKILL')
      let now = killed
      return Promise.resolve({
        // Until a new postmaster wrote its pid, calls served by backends not yet gone prove nothing.
        settled: () => {
          try {
            now = postmasterPid(dataDir)
          } catch {
            // being rewritten
          }
          return now !== killed && now > 0
        },
        get note() {
          return `postmaster ${killed} killed; pid now ${now}`
        },
      })
    },
  }
}

/**
 * The external PostgreSQL behind the proxy: frozen (the connections it had stay open, nothing
 * crosses), then refused, then held (accepted, nothing forwarded), then passed again.
 */
export function freezeRefuseHold(proxy: PgProxy, seconds: { freeze: number; refuse: number; hold: number }): Fault {
  return {
    name: `external PostgreSQL frozen ${seconds.freeze} s, refused ${seconds.refuse} s, held ${seconds.hold} s`,
    server: 'external',
    async run() {
      await proxy.mode('freeze')
      await sleep(seconds.freeze * 1000)
      await proxy.mode('refuse')
      await sleep(seconds.refuse * 1000)
      await proxy.mode('hold')
      await sleep(seconds.hold * 1000)
      await proxy.mode('pass')
      return { note: 'proxy: freeze, refuse, hold, pass', settled: always }
    },
  }
}

/** Another session holds `lock table … in access exclusive mode` in an open transaction, then rolls back. */
export function tableLock(connection: pg.ClientConfig, table: string, seconds: number): Fault {
  return {
    name: `${table} locked ${seconds} s by another session`,
    server: 'embedded',
    async run() {
      const client = new pg.Client(connection)
      await client.connect()
      try {
        await client.query('begin')
        await client.query(`lock table ${table} in access exclusive mode`)
        await sleep(seconds * 1000)
        await client.query('rollback')
      } finally {
        await client.end()
      }
      return { note: `access exclusive lock on ${table}`, settled: always }
    },
  }
}

/** Slow clients, each from an address of its own, dripping a login's body a byte a second until the server ends them (decision 051). */
export function drips(port: number, count: number, bodyBoundMs: number): Fault {
  return {
    name: `${count} slow clients dripping a body`,
    server: 'embedded',
    async run() {
      const started = Date.now()
      const ended = await Promise.all(
        Array.from({ length: count }, (_, i) => drip(port, { forwardedFor: `10.100.${Math.floor(i / 250)}.${i % 250}`, giveUpMs: bodyBoundMs * 4 })),
      )
      const counts = new Map<string, number>()
      for (const one of ended) counts.set(one.status, (counts.get(one.status) ?? 0) + 1)
      const statuses = [...counts].map(([status, n]) => `${n} × ${status}`).join(', ')
      return { note: `drips ended: ${statuses}, the last after ${((Date.now() - started) / 1000).toFixed(1)} s`, settled: always }
    },
  }
}
