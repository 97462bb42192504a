import type { UseMenuReturn } from '@ark-ui/react/menu'
import type { Store } from './lazy-part'
import type { RowAction } from './row-actions'

// What a list's row menu buttons (row-menu.tsx, always there) and its one menu (row-menu-popup.tsx,
// loaded on first use) share. Types only: neither side's script is in the other's.

/** The row whose menu button was used: its name is the menu's title, its actions the items. */
export type Shown = { name: string; actions: ReadonlyArray<RowAction> }

/** A row's menu button asked for the menu before its script was there: by a key (Enter, ' ', ↓, ↑) or a click (null). */
export type MenuAsk = { value: string; key: string | null }

export type MenuApi = UseMenuReturn['api']

export type MenuGroup = {
  triggerId: (value: string) => string
  shown: Store<Shown | null>
  /** The menu's machine once its script is there; the buttons take their props from it. */
  api: Store<MenuApi | null>
  ask: Store<MenuAsk | null>
  /** Starts loading the menu's script (once). */
  load: () => void
}
