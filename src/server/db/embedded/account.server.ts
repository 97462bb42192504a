import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, parse, resolve } from 'node:path'

// Which operating-system account runs the embedded PostgreSQL, and how it is started.
// PostgreSQL refuses to run as root. A portal started by root runs it as the account that
// owns its data folder, or as `nobody` for a new one; `setpriv` (util-linux) switches the
// account and, for every account, ties the server's life to the portal's: the kernel sends it
// SIGINT (a fast, clean shutdown) when the portal process dies, even by SIGKILL. Decision 032.
export type Account = { uid: number; gid: number; name: string }

export type Launch = { command: string; args: string[]; uid?: number; gid?: number }

const NOBODY: Account = { uid: 65_534, gid: 65_534, name: 'nobody' }

/** The account for a data folder: this process's own, or (as root) the folder's owner or nobody. */
export function accountFor(pgdata: string): Account {
  const uid = process.getuid?.() ?? 0
  const gid = process.getgid?.() ?? 0
  if (uid !== 0) return { uid, gid, name: `uid ${uid}` }
  if (existsSync(pgdata)) {
    const owner = statSync(pgdata)
    if (owner.uid !== 0) return { uid: owner.uid, gid: owner.gid, name: `uid ${owner.uid}` }
  }
  return passwdEntry('nobody') ?? NOBODY
}

export function isRoot(): boolean {
  return (process.getuid?.() ?? 0) === 0
}

function passwdEntry(name: string): Account | undefined {
  try {
    for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
      const [user, , uid, gid] = line.split(':')
      if (user === name && uid && gid) return { uid: Number(uid), gid: Number(gid), name }
    }
  } catch {
    // no /etc/passwd: the usual ids
  }
  return undefined
}

/**
 * How to run `binary` as `account`. `reach` lists paths the account must get to (the binaries,
 * the data folder): when root's folders keep it out (a project under /root), the server gets
 * CAP_DAC_READ_SEARCH, which lets it read and search folders it does not own — and a warning
 * says how to avoid that.
 */
export function launch(binary: string, args: ReadonlyArray<string>, account: Account, reach: ReadonlyArray<string>): Launch & { widened: boolean } {
  const setpriv = systemTool('setpriv')
  const switching = isRoot()
  const widened = switching && reach.some((path) => !canReach(path, account))
  if (!setpriv) {
    if (widened) {
      throw new Error(
        `the embedded database runs as ${account.name}, who cannot reach ${reach.join(' and ')}. ` +
          'Install util-linux (setpriv), run the portal as a normal user, or move the project to a folder others may enter.',
      )
    }
    return { command: binary, args: [...args], ...(switching ? { uid: account.uid, gid: account.gid } : {}), widened }
  }
  const who = switching ? ['--reuid', String(account.uid), '--regid', String(account.gid), '--clear-groups'] : []
  const reachAll = widened ? ['--securebits', '+no_setuid_fixup', '--inh-caps', '+dac_read_search', '--ambient-caps', '+dac_read_search'] : []
  return { command: setpriv, args: [...who, ...reachAll, '--pdeathsig', 'SIGINT', binary, ...args], widened }
}

/** Whether the account may search every folder on the way to `path` (supplementary groups are cleared). */
export function canReach(path: string, account: Account): boolean {
  const full = resolve(path)
  const { root } = parse(full)
  let folder = existsSync(full) && statSync(full).isDirectory() ? full : dirname(full)
  for (;;) {
    if (existsSync(folder) && !mayEnter(folder, account)) return false
    if (folder === root) return true
    folder = dirname(folder)
  }
}

function mayEnter(folder: string, account: Account): boolean {
  const stat = statSync(folder)
  if (stat.uid === account.uid) return (stat.mode & 0o100) !== 0
  if (stat.gid === account.gid) return (stat.mode & 0o010) !== 0
  return (stat.mode & 0o001) !== 0
}

// Where the system's own tools live; PATH is not consulted (a project's PATH may hold anything).
const SYSTEM_BIN = ['/usr/bin', '/bin', '/usr/sbin', '/sbin', '/usr/local/bin']

function systemTool(command: string): string | undefined {
  for (const folder of SYSTEM_BIN) {
    const candidate = join(folder, command)
    try {
      accessSync(candidate, constants.X_OK)
      return candidate
    } catch {
      // not here
    }
  }
  return undefined
}
