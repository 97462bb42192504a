import { useRef, useState } from 'react'
import { m } from '../../../src/paraglide/messages'
import { showErrorToast, showToast } from '../../ui/toast'
import { linkButtonClass } from './link-button'
import { QUEUE_FILE_MAX_MB } from './local-keys'
import type { QueueFileProblem } from './queue-file'
import { loadStore } from './store'

/** "Export unsaved edits" and "Import edits" (the save bar's line): `owner`'s queue as a file; null while not known. */
export function QueueFileActions({ owner }: { owner: string | null }) {
  // The unsaved edits as a file: a backup, or the way to another device (queue-file.ts).
  const fileInput = useRef<HTMLInputElement>(null)
  const [moving, setMoving] = useState(false)

  async function exportEdits() {
    if (owner === null) return
    setMoving(true)
    try {
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
    } finally {
      setMoving(false)
    }
  }

  async function importEdits(chosen: File) {
    if (owner === null) return
    setMoving(true)
    try {
      const store = await loadStore()
      const read =
        chosen.size > store.QUEUE_FILE_MAX_BYTES
          ? ({ ok: false, problem: { kind: 'too_big' } } as const)
          : store.readQueueFile(await chosen.text(), chosen.size)
      if (!read.ok) {
        showErrorToast([m.translation_queue_not_imported(), queueProblemText(read.problem)])
        return
      }
      const taken = await store.importQueue(store.translationDb(), owner, read.file)
      showToast({ title: () => m.translation_queue_imported({ count: taken }), type: 'success' })
    } catch (error) {
      showErrorToast([m.translation_queue_not_imported(), String(error)])
    } finally {
      setMoving(false)
    }
  }

  return (
    <>
      <button type="button" className={linkButtonClass} disabled={moving || owner === null} onClick={() => void exportEdits()}>
        {m.translation_queue_export()}
      </button>
      <button type="button" className={linkButtonClass} disabled={moving || owner === null} onClick={() => fileInput.current?.click()}>
        {m.translation_queue_import()}
      </button>
      <input
        ref={fileInput}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid="queue-file"
        onChange={(event) => {
          const chosen = event.target.files?.[0]
          event.target.value = ''
          if (chosen) void importEdits(chosen)
        }}
      />
    </>
  )
}

/** Why a file of unsaved edits was refused, in words. */
function queueProblemText(problem: QueueFileProblem): string {
  if (problem.kind === 'too_big') return m.translation_queue_too_big({ limit: `${QUEUE_FILE_MAX_MB} MB` })
  if (problem.kind === 'not_json') return m.translation_queue_not_json()
  if (problem.kind === 'not_a_queue') return m.translation_queue_not_a_queue()
  return m.translation_queue_bad_edit({ at: problem.at })
}
