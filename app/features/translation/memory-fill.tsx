import { useState } from 'react'
import { m } from '../../../src/paraglide/messages'
import { secondaryButtonClass } from '../../ui/page'
import { Spinner } from '../../ui/spinner'
import { showToast } from '../../ui/toast'
import type { EntryRow, PendingRow, Scope } from './local-keys'
import { exactMatches, useMemoryStatus } from './memory-client'
import { loadStore } from './store'

// "Fill exact matches" (docs/decisions/040-translation-memory.md): every untranslated text without
// an edit whose source has an exact translation elsewhere on the device gets it as an unsaved edit
// marked "from memory", to be checked and saved by the translator (never by the background save).

export function FillFromMemory({
  scope,
  src,
  dst,
  owner,
  entries,
  pending,
}: {
  scope: Scope
  src: string
  dst: string
  owner: string | null
  entries: ReadonlyArray<EntryRow> | null
  pending: ReadonlyMap<string, PendingRow>
}) {
  const [busy, setBusy] = useState(false)
  // The memory's worker starts with the screen, when useMemoryStatus says (memory-client.ts).
  const memory = useMemoryStatus(owner)

  async function fill() {
    if (!entries || owner === null) return
    setBusy(true)
    try {
      const open = entries.filter((entry) => entry.target === null && !pending.has(entry.key) && entry.source.trim() !== '')
      const found = await exactMatches(owner, { src, dst, kind: scope, texts: open.map((entry) => ({ key: entry.key, source: entry.source })) })
      const fills = open.filter((entry) => found[entry.key] !== undefined).map((entry) => ({ entry, value: found[entry.key]! }))
      const store = await loadStore()
      const count = fills.length > 0 ? await store.fillEdits(store.translationDb(), owner, scope, dst, fills) : 0
      showToast(count > 0 ? { title: () => m.memory_filled({ count }), type: 'success' } : { title: () => m.memory_filled_none(), type: 'info' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <button
      type="button"
      className={secondaryButtonClass}
      disabled={busy || entries === null || owner === null}
      title={memory.building ? m.memory_building() : m.memory_units({ count: memory.units })}
      onClick={() => void fill()}
    >
      {busy ? <Spinner label={m.memory_filling()} /> : null}
      {m.memory_fill_exact()}
    </button>
  )
}
