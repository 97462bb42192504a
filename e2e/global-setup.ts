import { existsSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'

// Each run gets fresh database folders (data/e2e-…-<pid>); earlier runs' folders are removed —
// but not those of a run still going (npm test runs shards side by side).
export default function globalSetup(): void {
  const names = existsSync('data') ? readdirSync('data') : []
  for (const name of names) {
    if (!name.startsWith('e2e-')) continue
    const pid = Number(/-(\d+)(?:[-.]|$)/.exec(name)?.[1])
    if (pid === process.pid || running(pid)) continue
    rmSync(join('data', name), { recursive: true, force: true })
  }
}

function running(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
