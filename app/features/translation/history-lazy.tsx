import { Suspense, lazy, useEffect, type ComponentProps, type ComponentType } from 'react'
import { once, whenFirstUsed } from '../../ui/lazy-part'
// Its types only (erased): the module itself loads below.
import type * as HistoryParts from './history-panel'

// The history and the outdated notice (history-panel.tsx, with the word-diff library) are not
// part of the translation screens' first load (docs/decisions/035-page-weight.md): only an open
// editor shows them, so the screens fetch them at the person's first tap, key or focus
// (usePreloadHistory); offline, the offline shell's precache has the chunk like every script.
// Offline before either, the editor shows without them.
const loadHistory = once(() => import('./history-panel'))

export function usePreloadHistory(): void {
  useEffect(
    () =>
      whenFirstUsed(() => {
        loadHistory().catch(() => {})
      }),
    [],
  )
}

type HistoryModule = typeof HistoryParts

function Unavailable() {
  return null
}

const Panel = lazy<ComponentType<ComponentProps<HistoryModule['HistoryPanel']>>>(() =>
  loadHistory().then(
    (module) => ({ default: module.HistoryPanel }),
    () => ({ default: Unavailable }),
  ),
)
const Notice = lazy<ComponentType<ComponentProps<HistoryModule['OutdatedNotice']>>>(() =>
  loadHistory().then(
    (module) => ({ default: module.OutdatedNotice }),
    () => ({ default: Unavailable }),
  ),
)

export function HistoryPanel(props: ComponentProps<HistoryModule['HistoryPanel']>) {
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  )
}

export function OutdatedNotice(props: ComponentProps<HistoryModule['OutdatedNotice']>) {
  return (
    <Suspense fallback={null}>
      <Notice {...props} />
    </Suspense>
  )
}
