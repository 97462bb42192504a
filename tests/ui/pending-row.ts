import { pendingId, type PendingRow } from '../../app/features/translation/local-keys'

/** An unsaved edit of user 't' for the desk's tests: `value` for `key`, a French vartext by default. */
export function pendingRow(key: string, value: string, changes: Partial<Omit<PendingRow, 'id' | 'key' | 'value'>> = {}): PendingRow {
  const row: Omit<PendingRow, 'id'> = {
    owner: 't',
    scope: 'vartext',
    dst: 'fr',
    key,
    value,
    base: null,
    editedAt: 1,
    state: 'pending',
    reason: null,
    theirs: null,
    ...changes,
  }
  return { id: pendingId(row.owner, row.scope, row.dst, key), ...row }
}
