import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { openDatabase } from '../../src/server/db/client.server'
import { DataDirInUseError, claimDataDir, lockFileOf, otherHolderOf, releaseDataDir } from '../../src/server/db/data-dir-lock.server'

// One embedded database per folder: a second open in the same process fails loudly, and a
// second process is kept away by the folder's lock file (decision 032).
const folders: string[] = []
function folder(): string {
  const path = mkdtempSync(join(tmpdir(), 'portal-single-'))
  folders.push(path)
  return path
}
afterAll(() => {
  for (const path of folders) rmSync(path, { recursive: true, force: true })
})

describe('one embedded database per folder in a process', () => {
  it('refuses a second open of the same folder until the first is closed', async () => {
    const dataDir = join(folder(), 'pglite')
    const first = await openDatabase({ dataDir })
    await expect(openDatabase({ dataDir: `${dataDir}/../pglite` })).rejects.toThrow(/already open in this process/)
    await first.close()
    const again = await openDatabase({ dataDir })
    await again.close()
  }, 60_000)

  it('shares the process database between copies of the module (the build has two)', async () => {
    const one = await import('../../src/server/db/instance.server')
    vi.resetModules()
    const copy = await import('../../src/server/db/instance.server')
    expect(copy).not.toBe(one)
    const database = await openDatabase({ memory: true })
    one.useDatabase(database)
    expect(await copy.getDatabase()).toBe(database)
    await copy.closeDatabase()
    expect(one.openedDatabase()).toBeUndefined()
  }, 60_000)
})

describe('the data folder lock between processes', () => {
  it('claims a free folder and releases it', () => {
    const dataDir = folder()
    claimDataDir(dataDir)
    expect(readFileSync(lockFileOf(dataDir), 'utf8')).toBe(String(process.pid))
    claimDataDir(dataDir) // the holder may claim again
    releaseDataDir(dataDir)
    expect(() => readFileSync(lockFileOf(dataDir))).toThrow()
  })

  it('refuses while another live process holds it', async () => {
    const dataDir = folder()
    const other = spawn('sleep', ['30'])
    try {
      writeFileSync(lockFileOf(dataDir), String(other.pid))
      expect(() => claimDataDir(dataDir)).toThrow(DataDirInUseError)
      expect(() => claimDataDir(dataDir)).toThrow(`another portal process (pid ${other.pid})`)
      expect(otherHolderOf(dataDir)).toBe(other.pid)
    } finally {
      other.kill()
    }
  })

  it('takes over the lock of a process that was killed', () => {
    const dataDir = folder()
    const gone = spawnSync('sh', ['-c', 'echo $$'], { encoding: 'utf8' })
    writeFileSync(lockFileOf(dataDir), gone.stdout.trim())
    claimDataDir(dataDir)
    expect(readFileSync(lockFileOf(dataDir), 'utf8')).toBe(String(process.pid))
    releaseDataDir(dataDir)
  })
})
