import type { PendingRow } from '../../app/features/translation/local-keys'

/** An unsaved edit of a vartext as the desk keeps it; `source`: the text it was made against. */
export function pendingEdit(
  key: string,
  value: string,
  { source, dst = 'en', state = 'pending' }: { source?: string; dst?: string; state?: PendingRow['state'] } = {},
): PendingRow {
  return {
    id: `translator|vartext|${dst}|${key}`,
    owner: 'translator',
    scope: 'vartext',
    dst,
    key,
    value,
    base: null,
    editedAt: 1,
    state,
    reason: null,
    theirs: null,
    ...(source === undefined ? {} : { source }),
  }
}
