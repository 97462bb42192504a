import { existsSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'

// Each run gets fresh database folders (data/e2e-<pid>…); earlier runs' folders are removed.
export default function globalSetup(): void {
  const own = `e2e-${process.pid}`
  const names = existsSync('data') ? readdirSync('data') : []
  for (const name of names) {
    if (name.startsWith('e2e-') && !name.startsWith(own)) rmSync(join('data', name), { recursive: true, force: true })
  }
}
