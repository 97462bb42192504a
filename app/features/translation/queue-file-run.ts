import { m } from '../../../src/paraglide/messages'
import { showErrorToast, showToast } from '../../ui/toast'
import { QUEUE_FILE_MAX_MB } from './local-keys'
import type { QueueFileProblem } from './queue-file'
import { loadStore } from './store'

// What "Export unsaved edits" and "Import edits" do, with their words: loaded on the first click
// (queue-file-actions.tsx), so a screen's first load carries only the two buttons (decision 035).

/** Downloads `owner`'s unsaved edits as a file (queue-file.ts), or says there are none. */
export async function exportEdits(owner: string): Promise<void> {
  const store = await loadStore()
  const file = await store.exportQueue(store.translationDb(), owner)
  if (file.edits.length === 0) {
    showToast({ title: () => m.translation_queue_none(), type: 'info' })
    return
  }
  const link = document.createElement('a')
  link.href = URL.createObjectURL(new Blob([JSON.stringify(file, null, 1)], { type: 'application/json' }))
  link.download = `unsaved-edits-${file.exported_at.slice(0, 10)}.json`
  link.click()
  URL.revokeObjectURL(link.href)
  showToast({ title: () => m.translation_queue_exported({ count: file.edits.length }), type: 'success' })
}

/** Reads a chosen file whole and puts its edits into `owner`'s queue; a refused file changes nothing. */
export async function importEdits(owner: string, chosen: File): Promise<void> {
  try {
    const store = await loadStore()
    const read =
      chosen.size > store.QUEUE_FILE_MAX_BYTES ? ({ ok: false, problem: { kind: 'too_big' } } as const) : store.readQueueFile(await chosen.text(), chosen.size)
    if (!read.ok) {
      showErrorToast([m.translation_queue_not_imported(), queueProblemText(read.problem)])
      return
    }
    const taken = await store.importQueue(store.translationDb(), owner, read.file)
    showToast({ title: () => m.translation_queue_imported({ count: taken }), type: 'success' })
  } catch (error) {
    showErrorToast([m.translation_queue_not_imported(), String(error)])
  }
}

/** Why a file of unsaved edits was refused, in words. */
function queueProblemText(problem: QueueFileProblem): string {
  if (problem.kind === 'too_big') return m.translation_queue_too_big({ limit: `${QUEUE_FILE_MAX_MB} MB` })
  if (problem.kind === 'not_json') return m.translation_queue_not_json()
  if (problem.kind === 'not_a_queue') return m.translation_queue_not_a_queue()
  return m.translation_queue_bad_edit({ at: problem.at })
}
