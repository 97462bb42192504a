import { existsSync, readFileSync, rmSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { notice } from '../../ops/notice.server'

// A PostgreSQL server whose portal died without stopping it. With setpriv the kernel stops it
// when the portal dies; without it (or in the second it takes) it may still run and hold
// postmaster.pid, and the next start would fail with "lock file already exists". The portal
// holds DATA_DIR's own lock (server.pid) before it gets here, so such a server has no owner:
// stop it the way PostgreSQL is meant to be stopped. Decision 032.

/** Stops a server left running on `pgdata`, or clears a lock file whose pid is now someone else's. */
export async function stopOrphanedServer(pgdata: string): Promise<void> {
  const lockFile = `${pgdata}/postmaster.pid`
  if (!existsSync(lockFile)) return
  const pid = Number(readFileSync(lockFile, 'utf8').split('\n')[0])
  if (!Number.isSafeInteger(pid) || pid <= 0 || !isRunning(pid)) return // PostgreSQL clears a stale file itself
  if (!servesFolder(pid, pgdata)) {
    // The pid now belongs to another program; PostgreSQL would refuse to start because of it.
    rmSync(lockFile, { force: true })
    return
  }
  notice({ level: 'warn', part: 'db', message: `an embedded database server (pid ${pid}) was left running on ${pgdata} by a stopped portal: stopping it.` })
  for (const [signal, waitMs] of [
    ['SIGINT', 15_000],
    ['SIGQUIT', 5_000],
    ['SIGKILL', 5_000],
  ] as const) {
    try {
      process.kill(pid, signal)
    } catch {
      return
    }
    if (await waitUntilGone(pid, waitMs)) return
  }
  throw new Error(`the embedded database server (pid ${pid}) on ${pgdata} does not stop; stop it by hand and start again.`)
}

/** Alive and not a zombie (a dead child whose parent has not collected it counts as gone). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'EPERM'
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z'
  } catch {
    return true // no /proc (not Linux): kill(0) is the best answer there is
  }
}

export async function waitUntilGone(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms
  while (isRunning(pid)) {
    if (Date.now() >= until) return false
    await sleep(50)
  }
  return true
}

function servesFolder(pid: number, pgdata: string): boolean {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
    const at = args.indexOf('-D')
    return at !== -1 && args[at + 1] === pgdata
  } catch {
    return true // no /proc: trust the lock file
  }
}
