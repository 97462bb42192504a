import { mergeProps } from '@ark-ui/react/utils'
import { createContext, useContext, useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react'
import { m } from '../../src/paraglide/messages'
import { createStore, loader, once, useStore, whenFirstUsed } from './lazy-part'
import { MenuButtonFace, RowButtons, menuButtonClass, narrowOnlyClass, wideOnlyClass, type ButtonClasses } from './row-buttons'
import { rowForms, sameOnEveryWidth, type RowAction } from './row-actions'
import { ROW_BUTTONS_QUERY } from './screen-queries'
import type { MenuApi, MenuAsk, MenuGroup, Shown } from './row-menu-group'
// Its type only (erased): the menu's script is loaded below, on first use.
import type RowMenuPopup from './row-menu-popup'
import { Tip } from './tooltip'
import { useMediaQuery } from './use-media-query'

// A list's row actions (docs/decisions/036-phone-row-menus-and-tooltips.md): the row's buttons from
// the md width up, one menu button per row below it. One Ark menu serves every row of a list (its
// multiple triggers): row-menu-popup.tsx, loaded when the browser is first idle after a menu button
// appeared, or when one is reached for before that (pointer over or focus starts the load; a click,
// Enter, Space, ↓ or ↑ opens the menu as soon as it is there). A wide screen, which shows no menu
// buttons, never loads it; the server renders none of it.
const GroupContext = createContext<MenuGroup | null>(null)

type Popup = typeof RowMenuPopup
const loadPopup = once<Popup>(() => import('./row-menu-popup').then((module) => module.default))
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp'])

/** The one menu of the RowActions inside it (a list). */
export function RowMenus({ children }: { children: ReactNode }) {
  const prefix = useId()
  const [Popup, setPopup] = useState<Popup | null>(null)
  const [group] = useState<MenuGroup>(() => ({
    triggerId: (value) => `${prefix}${value}`,
    shown: createStore<Shown | null>(null),
    api: createStore<MenuApi | null>(null),
    ask: createStore<MenuAsk | null>(null),
    load: loader(loadPopup, (component) => setPopup(() => component), 'the row menu'),
  }))
  return (
    <>
      <GroupContext.Provider value={group}>{children}</GroupContext.Provider>
      {Popup ? <Popup group={group} /> : null}
    </>
  )
}

type RowActionsProps = {
  /** The row's name: the menu's title, and in the menu button's name ("Actions for Holz GmbH"). */
  name: string
  /** The menu button's name when "Actions for {name}" does not read well. */
  label?: string
  actions: ReadonlyArray<RowAction>
  /** An icon-only menu button (with a tooltip), for rows with little room (the companies tree). */
  compact?: boolean
  tabIndex?: number
  classes?: ButtonClasses
}

/** A row's actions: its buttons from the md width up, the menu button below it (inside RowMenus). */
export function RowActions({ name, label, actions, compact = false, tabIndex, classes }: RowActionsProps) {
  const wide = useMediaQuery(ROW_BUTTONS_QUERY)
  const forms = rowForms(actions)
  const group = useContext(GroupContext)
  if (sameOnEveryWidth(forms) || !group) return <RowButtons actions={forms.wide} tabIndex={tabIndex} classes={classes} />
  const narrow = forms.narrow.menu ? (
    <MenuButton group={group} name={name} label={label ?? m.row_actions_for({ name })} actions={forms.narrow.actions} compact={compact} tabIndex={tabIndex} />
  ) : (
    <RowButtons actions={forms.narrow.actions} tabIndex={tabIndex} classes={classes} />
  )
  // Until hydration the server's guess is both forms, CSS showing one; then only the one in use.
  return (
    <>
      {wide !== false ? (
        <span className={wideOnlyClass}>
          <RowButtons actions={forms.wide} tabIndex={tabIndex} classes={classes} />
        </span>
      ) : null}
      {wide !== true ? <span className={narrowOnlyClass}>{narrow}</span> : null}
    </>
  )
}

type MenuButtonProps = { group: MenuGroup; name: string; label: string; actions: RowAction[]; compact: boolean; tabIndex?: number }

function MenuButton({ group, name, label, actions, compact, tabIndex }: MenuButtonProps) {
  const value = useId()
  const trigger = (
    <MenuTrigger
      group={group}
      value={value}
      show={() => group.shown.set({ name, actions })}
      aria-label={label}
      tabIndex={tabIndex}
      className={compact ? menuButtonClass.compact : menuButtonClass.labelled}
    >
      <MenuButtonFace compact={compact} />
    </MenuTrigger>
  )
  return compact ? (
    <Tip text={label} id={group.triggerId(value)} naming>
      {trigger}
    </Tip>
  ) : (
    trigger
  )
}

type MenuTriggerProps = {
  group: MenuGroup
  value: string
  /** Fills the menu with this row. */
  show: () => void
  children: ReactNode
  'aria-label': string
  tabIndex?: number
  className: string
  // A Tip around it adds its own handlers, id and description.
  [prop: string]: unknown
}

/** A row's menu button: a plain button until the menu's script is there, then Ark's trigger. */
function MenuTrigger({ group, value, show, children, ...own }: MenuTriggerProps) {
  const api = useStore(group.api)
  useEffect(() => whenFirstUsed(group.load), [group])
  // What happened before the script was there happens again, through the trigger's own handlers.
  const ready = api !== null
  useEffect(() => {
    if (!ready) return
    const button = document.getElementById(group.triggerId(value))
    if (!button) return
    // Focused already: the machine is told (it opens from the keyboard only after a focus).
    if (document.activeElement === button) button.dispatchEvent(new window.FocusEvent('focusin', { bubbles: true }))
    const ask = group.ask.get()
    if (ask?.value !== value) return
    group.ask.set(null)
    if (ask.key === null) button.click()
    else button.dispatchEvent(new window.KeyboardEvent('keydown', { key: ask.key, bubbles: true, cancelable: true }))
  }, [ready, group, value])
  const handlers = { onPointerDown: show, onKeyDown: show, onClick: show }
  if (api) {
    const props = api.getTriggerProps({ value })
    // As Ark's Menu.Trigger: the menu it controls only while there is one.
    const controls = api.open ? props['aria-controls'] : undefined
    return <button {...mergeProps<Record<string, unknown>>({ ...props, 'aria-controls': controls }, handlers, own)}>{children}</button>
  }
  const ask = (key: string | null) => {
    show()
    group.ask.set({ value, key })
    group.load()
  }
  return (
    <button
      {...mergeProps<Record<string, unknown>>(
        {
          type: 'button' as const,
          id: group.triggerId(value),
          'aria-haspopup': 'menu' as const,
          'aria-expanded': false,
          onPointerEnter: group.load,
          onFocus: group.load,
          onClick: () => ask(null),
          onKeyDown: (event: KeyboardEvent) => {
            if (!OPENING_KEYS.has(event.key)) return
            event.preventDefault()
            ask(event.key)
          },
        },
        own,
      )}
    >
      {children}
    </button>
  )
}
