import { m } from '../../../src/paraglide/messages'
import { showErrorToast, showToast } from '../../ui/toast'
import type { PendingRow } from './local-keys'
import { reportSaveOutcome } from './save-outcome'
import type { SaveBody, SendResult } from './save-queue'
import { loadStore } from './store'

/**
 * Saves a merged text at once (decision 048): the conflict is resolved with `value` (based on the
 * other side's version), then that one text is sent as a save sends it. A new conflict, a refusal
 * or a lost connection are told as after any save, and the text stays unsaved. Loaded on the
 * button's click (conflict-panel.tsx), not with the screen.
 */
export async function saveMerged(row: PendingRow, value: string, send: (body: SaveBody) => Promise<SendResult>): Promise<void> {
  const store = await loadStore()
  await store.resolveConflict(store.translationDb(), row, { kind: 'text', value })
  const outcome = await store.savePending(row.owner, row.scope, row.dst, send, m.translation_not_saved_offline(), undefined, { keys: [row.key] })
  if (outcome.stopped === 'login') showErrorToast([m.translation_login_notice()])
  else if (outcome.stopped === null && outcome.conflicts === 0 && outcome.refused === 0) {
    // Nothing left to send is saved too: the merge was the other side's text as it stands.
    showToast({ title: () => m.translation_merged_saved(), type: 'success' })
  } else reportSaveOutcome(outcome)
}
