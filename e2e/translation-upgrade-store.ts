// Bundled by e2e/translation-upgrade.spec.ts and run in the portal's page: the translation
// store as a browser kept it before edits had an owner (Dexie version 3 of local-store.ts,
// written out here as it was), with one pending edit.
import Dexie from 'dexie'

export async function keepVersion3Edit(edit: { key: string; value: string; dst: string }) {
  const db = new Dexie('portal-translation')
  db.version(1).stores({
    datasets: 'id, [scope+dst]',
    entries: '[datasetId+order], [datasetId+key]',
    pending: 'id, [scope+dst], [scope+dst+key]',
  })
  db.version(2).stores({ documents: 'id' })
  db.version(3).stores({ entries: null, chunks: '[datasetId+chunk]', keymaps: 'datasetId' })
  await db.open()
  await db.table('pending').put({
    id: `vartext|${edit.dst}|${edit.key}`,
    scope: 'vartext',
    dst: edit.dst,
    key: edit.key,
    value: edit.value,
    base: null,
    editedAt: Date.now(),
    state: 'pending',
    reason: null,
    theirs: null,
  })
  const version = db.verno
  db.close()
  return version
}

;(window as unknown as { __keepVersion3Edit: typeof keepVersion3Edit }).__keepVersion3Edit = keepVersion3Edit
