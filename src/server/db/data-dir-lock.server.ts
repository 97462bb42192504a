import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'

// The embedded database belongs to one process at a time: two PostgreSQL instances on one
// folder destroy it. The owner writes DATA_DIR/server.pid; a second server or a CLI tool
// refuses while that process lives. A file left by a killed process is taken over.

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`another portal process (pid ${pid}) is using the embedded database in ${dataDir}. ` + 'Stop it first (Ctrl+C), or give this one another DATA_DIR.')
    this.name = 'DataDirInUseError'
  }
}

export function lockFileOf(dataDir: string): string {
  return join(dataDir, 'server.pid')
}

/** Claims DATA_DIR for this process; throws DataDirInUseError while another live process holds it. */
export function claimDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true })
  const file = lockFileOf(dataDir)
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(file, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      return
    } catch (error) {
      if (!isExists(error)) throw error
    }
    const holder = holderOf(file)
    if (holder === process.pid) return
    if (holder !== null && isAlive(holder)) throw new DataDirInUseError(dataDir, holder)
    // Stale: the process that wrote it is gone (SIGKILL, power loss). Take it over.
    rmSync(file, { force: true })
  }
  throw new Error(`cannot claim ${file}`)
}

/** Releases DATA_DIR if this process holds it. */
export function releaseDataDir(dataDir: string): void {
  const file = lockFileOf(dataDir)
  if (holderOf(file) === process.pid) rmSync(file, { force: true })
}

/** The live process holding DATA_DIR other than this one, or null. */
export function otherHolderOf(dataDir: string): number | null {
  const holder = holderOf(lockFileOf(dataDir))
  return holder !== null && holder !== process.pid && isAlive(holder) ? holder : null
}

function holderOf(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim())
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null
  } catch {
    return null
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists but belongs to someone else — still alive.
    return error instanceof Error && 'code' in error && error.code === 'EPERM'
  }
}

function isExists(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'EEXIST'
}
