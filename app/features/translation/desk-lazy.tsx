import { Suspense, lazy, useEffect, useState, type ComponentProps, type ComponentType, type ReactNode } from 'react'
import { once, whenFirstUsed, whenIdle } from '../../ui/lazy-part'
// Their types only (erased): the modules themselves load below.
import type * as Dialog from './shortcuts-dialog'
import type * as Hints from './field-hints'
import type * as Conflict from './conflict-panel'
import type * as Actions from './desk-actions'
import type * as Team from './field-team-part'
import type * as Memory from './memory-panel'
import type { TranslationAccess } from './translation-access'
import { openFieldKey } from './open-field'

// The desk's key lists (the ? dialog, the keys under a catalogue or article field), what Ctrl+S
// and the next-tag key do, a conflict's panel, a field's memory matches, and the team on the catalogue and article screens
// (field-team-part.tsx) are not part of a translation screen's first load (decision 035's budget):
// the team's marks are fetched when the browser is first idle after the screen is shown, what
// only a key or a click needs at the person's first tap, key or focus, and each at once when
// asked for; the offline shell precaches them like every script. Until they are there, nothing
// of them shows.
const loadDialog = once(() => import('./shortcuts-dialog'))
const loadHints = once(() => import('./field-hints'))
const loadConflict = once(() => import('./conflict-panel'))
const loadActions = once(() => import('./desk-actions'))
const loadTeam = once(() => import('./field-team-part'))
const loadMemory = once(() => import('./memory-panel'))

/** What Ctrl+S and the next-tag key do (desk-actions.ts); a failed load is logged, the next key tries again. */
export function loadDeskActions(): Promise<typeof Actions> {
  return loadActions().catch((error: unknown) => {
    console.warn('[portal] the desk keys could not load:', error)
    throw error
  })
}
const preload = () => {
  for (const load of [loadDialog, loadHints, loadConflict, loadActions, loadMemory]) load().catch(() => {})
}

const LazyDialog = lazy(() => loadDialog().then((module) => ({ default: module.ShortcutsDialog })))
const LazyHints = lazy(() => loadHints().then((module) => ({ default: module.FieldHints })))
const LazyConflict = lazy(() => loadConflict().then((module) => ({ default: module.ConflictPanel })))
const LazyMerge = lazy(() => loadConflict().then((module) => ({ default: module.SaveMergedButton })))
const LazyMemory = lazy(() => loadMemory().then((module) => ({ default: module.FieldMemory })))
const LazyTeam = lazy<ComponentType<ComponentProps<typeof Team.FieldTeamPart>>>(() =>
  loadTeam().then(
    (module) => ({ default: module.FieldTeamPart }),
    () => ({ default: () => null }),
  ),
)

/** Fetches the parts at the first tap, key or focus (every translation screen has the dialog). */
function usePreloadDeskParts(): void {
  useEffect(() => whenFirstUsed(preload), [])
}

/** The shortcuts dialog (`?`), its script fetched at the first use of the screen. */
export function ShortcutsDialog(props: ComponentProps<typeof Dialog.ShortcutsDialog>) {
  usePreloadDeskParts()
  // Once opened it stays in the page, so it closes as a dialog does (focus back where it was).
  const [used, setUsed] = useState(props.open)
  if (props.open && !used) setUsed(true)
  return used ? (
    <Suspense fallback={null}>
      <LazyDialog {...props} />
    </Suspense>
  ) : null
}

/** The keys of the field being edited. */
export function FieldHints(props: ComponentProps<typeof Hints.FieldHints>) {
  return (
    <Suspense fallback={null}>
      <LazyHints {...props} />
    </Suspense>
  )
}

/** Someone else saved the text meanwhile: both sides, and the choice. */
export function ConflictPanel(props: ComponentProps<typeof Conflict.ConflictPanel>) {
  return (
    <Suspense fallback={null}>
      <LazyConflict {...props} />
    </Suspense>
  )
}

/** The memory's matches under a catalogue or article field (the desk's editor has them in its first load). */
export function FieldMemory(props: ComponentProps<typeof Memory.FieldMemory>) {
  return (
    <Suspense fallback={null}>
      <LazyMemory {...props} />
    </Suspense>
  )
}

/** "Save merged text". */
export function SaveMergedButton(props: ComponentProps<typeof Conflict.SaveMergedButton>) {
  return (
    <Suspense fallback={null}>
      <LazyMerge {...props} />
    </Suspense>
  )
}

function TeamPart(props: ComponentProps<typeof Team.FieldTeamPart>) {
  return (
    <Suspense fallback={null}>
      <LazyTeam {...props} />
    </Suspense>
  )
}

/**
 * The team on a catalogue or article screen (docs/decisions/049): reviews, comments, the claim on
 * the field edited last (open-field.ts) and the saves of others, started when the browser is
 * first idle after the screen is shown; until then no marks show.
 */
export function FieldTeam({ access, dst, online, children }: { access: TranslationAccess; dst: string; online: boolean; children: ReactNode }) {
  const [started, setStarted] = useState(false)
  useEffect(() => whenIdle(() => setStarted(true)), [])
  // Leaving the screen closes its text: the claim goes with it.
  useEffect(() => () => openFieldKey.set(null), [])
  return (
    <>
      {children}
      {started ? <TeamPart part="runner" access={access} dst={dst} online={online} /> : null}
    </>
  )
}

/** A field's marks: approved or sent back, its comments, and who else has the text open. */
export function FieldMarks(props: Omit<Team.MarksProps, 'part'>) {
  return <TeamPart part="marks" {...props} />
}

/** Under the field edited last: the reviewer's keys and buttons, and the comments. */
export function FieldReview(props: Omit<Team.ReviewProps, 'part'>) {
  return <TeamPart part="review" {...props} />
}
