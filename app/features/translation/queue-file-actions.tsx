import { useRef, useState } from 'react'
import { m } from '../../../src/paraglide/messages'
import { once } from '../../ui/lazy-part'
import { linkButtonClass } from './link-button'

/** What the buttons do, with its words: fetched on the first click. */
const loadRun = once(() => import('./queue-file-run'))

/** "Export unsaved edits" and "Import edits" (the save bar's line): `owner`'s queue as a file; null while not known. */
export function QueueFileActions({ owner }: { owner: string | null }) {
  // The unsaved edits as a file: a backup, or the way to another device (queue-file.ts).
  const fileInput = useRef<HTMLInputElement>(null)
  const [moving, setMoving] = useState(false)

  async function run(action: (owner: string) => Promise<void>) {
    setMoving(true)
    try {
      if (owner !== null) await action(owner)
    } finally {
      setMoving(false)
    }
  }

  return (
    <>
      <button
        type="button"
        className={linkButtonClass}
        disabled={moving || owner === null}
        onClick={() => void run(async (who) => (await loadRun()).exportEdits(who))}
      >
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
          if (chosen) void run(async (who) => (await loadRun()).importEdits(who, chosen))
        }}
      />
    </>
  )
}
