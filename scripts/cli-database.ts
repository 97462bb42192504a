import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { openDatabase, type Database } from '../src/server/db/client.server'
import { env } from '../src/server/env.server'

// Command-line tools open the same database the server uses. The embedded database belongs
// to one process at a time, so they refuse while a server holds it.
export async function openCliDatabase(): Promise<Database> {
  const config = env()
  if (config.DATABASE_URL) return openDatabase({ url: config.DATABASE_URL })
  const pidFile = join(config.DATA_DIR, 'server.pid')
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8'))
    if (Number.isInteger(pid) && isRunning(pid)) {
      console.error(
        `The portal server (pid ${pid}) is using the embedded database in ${config.DATA_DIR}.\n` +
          'Stop it first (Ctrl+C), run this command, then start it again — or use DATABASE_URL with PostgreSQL.',
      )
      process.exit(2)
    }
  }
  return openDatabase({ dataDir: join(config.DATA_DIR, 'pglite'), sharedBuffers: config.PGLITE_SHARED_BUFFERS })
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
