// A database folder is opened once per process. Two PGlite instances on one folder each keep
// their own buffers and WAL position (whichever closes last overwrites the other's writes);
// a second embedded PostgreSQL start on a folder would take the first one for an orphan and
// stop it. Refuse the second open loudly. On globalThis: the build holds two copies of the
// modules that open databases (decision 022).
declare global {
  var __portalOpenPgliteFolders: Set<string> | undefined
}

function openFolders(): Set<string> {
  globalThis.__portalOpenPgliteFolders ??= new Set()
  return globalThis.__portalOpenPgliteFolders
}

/** Marks an absolute folder as open in this process; throws if it already is. */
export function claimFolder(folder: string): void {
  if (openFolders().has(folder)) {
    throw new Error(`the embedded database in ${folder} is already open in this process; a second instance would corrupt it`)
  }
  openFolders().add(folder)
}

export function releaseFolder(folder: string): void {
  openFolders().delete(folder)
}
