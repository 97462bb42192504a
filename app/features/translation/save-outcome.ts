import { m } from '../../../src/paraglide/messages'
import { showErrorToast, showToast } from '../../ui/toast'
import type { SaveOutcome } from './save-queue'

/** What a save did, in toasts: saved, conflicts, refusals, or kept for later when offline. */
export function reportSaveOutcome(outcome: SaveOutcome): void {
  if (outcome.stopped === 'offline') showErrorToast([m.translation_not_saved_offline()])
  if (outcome.conflicts > 0) showToast({ title: () => m.translation_conflicts_toast({ count: outcome.conflicts }), type: 'warning' })
  if (outcome.refused > 0) showErrorToast(outcome.messages)
  if (outcome.saved > 0 && outcome.conflicts === 0 && outcome.refused === 0 && outcome.stopped === null) {
    showToast({ title: () => m.translation_saved_toast({ count: outcome.saved }), type: 'success' })
  }
}
