import { useServerFn } from '@tanstack/react-start'
import { useEffect, useRef, useState, type ComponentType } from 'react'
import { m } from '../../../src/paraglide/messages'
import { recheckOnline } from '../../ui/use-online'
import { loadChecks } from './issues-slot'
import { useSaveWhenOnline } from './device-keeping'
import { usePendingOwner } from './pending-owner'
import type { EditScope, PendingRow } from './local-keys'
import type { SaveOptions } from './save-queue'
import { reportSaveOutcome } from './save-outcome'
import { loadStore } from './store'
import type { TranslationAccess } from './translation-access'
import { saveTextsFn } from './translation.functions'
import { useSourceFromSearch } from './xliff-actions'
import { useSaveKey } from './save-key'
// Its types only (erased): the checks load on first use.
import type { SaveSummaryView, SummaryItem } from './translation-issues'

/** The summary before a save: the edits with issues, and its view (loaded with the checks). */
export type Summary = { items: SummaryItem[]; View: ComponentType<Parameters<typeof SaveSummaryView>[0]> }

/** The edits a save bar saves: whose, where, and what the save's checks need. */
export type SaveWork = {
  scope: EditScope
  dst: string
  pending: ReadonlyArray<PendingRow>
  access: TranslationAccess
  online: boolean
  /** Key → length limit of the screen's texts that have one: the save's summary checks them. */
  limits?: ReadonlyMap<string, number>
}

export type SaveFlow = {
  /** The save under way: batches done of all; null when none is. */
  saving: { done: number; total: number } | null
  /** The last save stopped for want of a session. */
  needsLogin: boolean
  /** The summary asked about before saving; null when none is open. */
  summary: Summary | null
  /** Unsaved edits not in conflict: what Save sends. */
  open: number
  /** Of those, the ones the background save held back for errors. */
  stillHeld: number
  owner: string | null
  /** The source language of the screen's texts (the URL's, or the master). */
  source: string
  saveWhenOnline: boolean
  setSaveWhenOnline: (on: boolean) => void
  /** Save, after a summary of what would be saved with issues (warnings never block: fix, or save). */
  askToSave: () => Promise<void>
  /** The summary's "Back": closes it, nothing saved. */
  closeSummary: () => void
  /** The summary's "Save": closes it and saves. */
  saveAfterSummary: () => void
}

// A translation screen's save: edits kept before sign-in become the user's, the edits are sent
// when the connection comes back (if asked to), and Save and Ctrl+S (decision 048) ask with a
// summary of issues first. The save bar (save-bar.tsx) shows it.
export function useSaveFlow({ scope, dst, pending, access, online, limits }: SaveWork): SaveFlow {
  const { canTranslate } = access
  const saveTexts = useServerFn(saveTextsFn)
  const [saving, setSaving] = useState<{ done: number; total: number } | null>(null)
  const [needsLogin, setNeedsLogin] = useState(false)
  // The edits about to be saved that the quality checks find something in: asked before saving.
  const [summary, setSummary] = useState<Summary | null>(null)
  // What the background save held back for errors: shown while they are still unsaved.
  const [heldBack, setHeldBack] = useState<ReadonlySet<string>>(new Set())
  const stillHeld = pending.filter((row) => row.state === 'pending' && heldBack.has(row.key)).length
  const conflicts = pending.filter((row) => row.state === 'conflict').length
  const open = pending.length - conflicts

  const owner = usePendingOwner(access)
  // Edits kept before they had an owner become the signed-in user's.
  const { username } = access
  useEffect(() => {
    if (username) void loadStore().then((store) => store.adoptEdits(store.translationDb(), username))
  }, [username])
  const [saveWhenOnline, setSaveWhenOnline] = useSaveWhenOnline()
  const source = useSourceFromSearch()
  const wasOnline = useRef(online)
  useEffect(() => {
    const cameBack = online && !wasOnline.current
    wasOnline.current = online
    // In the background, with the same conflict handling as a click; no summary, so texts with
    // errors stay on the device for the translator to fix or to save through the summary.
    if (cameBack && saveWhenOnline && canTranslate && open > 0 && saving === null) void saveInBackground()
    // Only when the connection changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [online])

  async function saveInBackground() {
    let holds: (row: PendingRow) => boolean
    try {
      const { holdsBack } = await loadChecks()
      holds = (row) => holdsBack(row, { sourceLanguage: source, limits })
    } catch (error) {
      // The checks could not load: nothing goes unchecked; Save still works by hand.
      console.warn('[portal] the translation checks could not load:', error)
      return
    }
    await save({ typedOnly: true, holdBack: { holds, reason: m.translation_held_back_reason() } })
  }

  async function save(options: SaveOptions = {}) {
    setSaving({ done: 0, total: open })
    try {
      const { savePending } = await loadStore()
      if (owner === null) return
      const outcome = await savePending(
        owner,
        scope,
        dst,
        (body) => saveTexts({ data: { scope, body } }),
        m.translation_not_saved_offline(),
        (done, total) => setSaving({ done, total }),
        options,
      )
      if (outcome.stopped === 'login') setNeedsLogin(true)
      setHeldBack(new Set(outcome.heldBack))
      // Not sent for want of a connection: the page may think it is online when it is not.
      if (outcome.stopped === 'offline') void recheckOnline()
      reportSaveOutcome(outcome)
    } finally {
      setSaving(null)
    }
  }

  async function askToSave(rows: ReadonlyArray<PendingRow> = pending) {
    let found: Summary | null = null
    try {
      const { saveSummary, SaveSummaryView } = await loadChecks()
      const items = saveSummary(
        rows.filter((row) => row.state === 'pending'),
        { sourceLanguage: source, limits },
      )
      if (items.length > 0) found = { items, View: SaveSummaryView }
    } catch (error) {
      // Offline before the checks were cached: the save goes on without its summary.
      console.warn('[portal] the translation checks could not load:', error)
    }
    if (found) setSummary(found)
    else await save()
  }
  // Ctrl+S from anywhere on the screen takes the same path (decision 048).
  useSaveKey({ ready: canTranslate && saving === null && summary === null, online, owner, scope, dst, ask: askToSave })

  return {
    saving,
    needsLogin,
    summary,
    open,
    stillHeld,
    owner,
    source,
    saveWhenOnline,
    setSaveWhenOnline,
    askToSave: () => askToSave(),
    closeSummary: () => setSummary(null),
    saveAfterSummary: () => {
      setSummary(null)
      void save()
    },
  }
}
