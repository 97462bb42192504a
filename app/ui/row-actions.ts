import type { ReactElement, ReactNode } from 'react'

// A list row's actions, defined once for both forms: buttons in the row from the md width up
// (as every list showed them), one menu button on a phone
// (docs/decisions/036-phone-row-menus-and-tooltips.md). Pure: which actions go where (row-menu.tsx
// draws them).

/** What a link action draws itself with: a router Link or a plain a, with these props spread. */
export type ActionLinkProps = { className: string; children: ReactNode; 'aria-label'?: string; tabIndex?: number }

type ActionBase = {
  /** Unique in the row; the menu item's value. */
  value: string
  /** The button's text, and the menu item's unless menuLabel is given. */
  label: string
  /** The button's accessible name, naming the row ("Edit Holz GmbH"); the menu is named for the row. */
  named?: string
  menuLabel?: string
  tone?: 'primary' | 'secondary'
  disabled?: boolean
  busy?: boolean
  /** A disclosure (the row's details): the button says whether it is open. */
  expanded?: boolean
  /** In the phone's menu only: on wider screens another control of the row offers it. */
  menuOnly?: boolean
}

export type RowAction = ActionBase & ({ run: () => void } | { link: (props: ActionLinkProps) => ReactElement })

export type RowForms = {
  /** The buttons from the md width up. */
  wide: RowAction[]
  /** Below it: a menu of all the actions when there are two or more, else the one as a button. */
  narrow: { menu: boolean; actions: RowAction[] }
}

export function rowForms(actions: ReadonlyArray<RowAction>): RowForms {
  return {
    wide: actions.filter((action) => !action.menuOnly),
    narrow: { menu: actions.length > 1, actions: [...actions] },
  }
}

/** Whether both widths show the same thing, so no CSS switch or media query is needed. */
export function sameOnEveryWidth(forms: RowForms): boolean {
  return !forms.narrow.menu && forms.wide.length === forms.narrow.actions.length
}
