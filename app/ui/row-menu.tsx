import { Menu, useMenu } from '@ark-ui/react/menu'
import { Portal } from '@ark-ui/react/portal'
import { createContext, useContext, useId, useState, type ReactNode } from 'react'
import { m } from '../../src/paraglide/messages'
import { css } from '../../styled-system/css'
import { MenuButtonFace, RowButtons, menuButtonClass, narrowOnlyClass, wideOnlyClass, type ButtonClasses } from './row-buttons'
import { ROW_BUTTONS_QUERY, rowForms, sameOnEveryWidth, type RowAction } from './row-actions'
import { Tip } from './tooltip'
import { useMediaQuery } from './use-media-query'
import { menuContentClass } from './menu-content'

// A list's row actions (issue 28 point 5): the row's buttons from the md width up, one menu
// button per row below it. One Ark menu serves every row of a list (its multiple triggers): the
// row whose button was used fills it. Keyboard: Enter, Space or ↓ open it on the first item,
// arrows move, Escape closes it and focus returns to the row's button.
type Shown = { name: string; actions: ReadonlyArray<RowAction> }
type Group = { triggerId: (value: string) => string; show: (row: Shown) => void }

const GroupContext = createContext<Group | null>(null)

const titleClass = css({ px: '4', pt: '2', pb: '1', fontSize: 'sm', color: 'fg.muted', overflowWrap: 'anywhere' })
const itemClass = css({
  display: 'flex',
  alignItems: 'center',
  minH: '11',
  px: '4',
  color: 'fg',
  textDecoration: 'none',
  cursor: 'pointer',
  _highlighted: { bg: 'bg.subtle', outline: '2px solid', outlineColor: 'focus', outlineOffset: '-2px' },
  _disabled: { color: 'fg.muted', cursor: 'not-allowed' },
})

/** The one menu of the RowActions inside it (a list). */
export function RowMenus({ children }: { children: ReactNode }) {
  const prefix = useId()
  const [shown, setShown] = useState<Shown | null>(null)
  const menu = useMenu({ ids: { trigger: (value) => `${prefix}${value ?? ''}` }, positioning: { placement: 'bottom-end' } })
  const [group] = useState<Group>(() => ({ triggerId: (value) => `${prefix}${value}`, show: setShown }))
  // A key pressed within a frame of the last (↓ then Enter) can leave the focus in the closing
  // menu, and so nowhere once it is gone: it goes back to the row's button then.
  const giveBack = () => {
    const active = document.activeElement
    const value = menu.api.triggerValue
    if ((active === null || active === document.body) && value !== null) document.getElementById(group.triggerId(value))?.focus({ preventScroll: true })
  }
  return (
    <Menu.RootProvider value={menu} lazyMount unmountOnExit onExitComplete={giveBack}>
      <GroupContext.Provider value={group}>{children}</GroupContext.Provider>
      <Portal>
        <Menu.Positioner>
          <Menu.Content className={menuContentClass}>
            {shown ? (
              <>
                <div aria-hidden="true" className={titleClass}>
                  {shown.name}
                </div>
                {shown.actions.map((action) => (
                  <MenuItem key={action.value} action={action} />
                ))}
              </>
            ) : null}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.RootProvider>
  )
}

function MenuItem({ action }: { action: RowAction }) {
  const text = action.menuLabel ?? action.label
  if ('link' in action)
    return (
      <Menu.Item value={action.value} disabled={action.disabled} asChild>
        {action.link({ className: itemClass, children: text })}
      </Menu.Item>
    )
  // After the menu has closed and given the focus back to its button: a dialog the action
  // opens returns the focus there too.
  const run = action.run
  return (
    <Menu.Item value={action.value} disabled={action.disabled} className={itemClass} onSelect={() => requestAnimationFrame(run)}>
      {text}
    </Menu.Item>
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

type MenuButtonProps = { group: Group; name: string; label: string; actions: RowAction[]; compact: boolean; tabIndex?: number }

function MenuButton({ group, name, label, actions, compact, tabIndex }: MenuButtonProps) {
  const value = useId()
  const show = () => group.show({ name, actions })
  const trigger = (
    <Menu.Trigger
      value={value}
      aria-label={label}
      tabIndex={tabIndex}
      className={compact ? menuButtonClass.compact : menuButtonClass.labelled}
      onPointerDown={show}
      onKeyDown={show}
      onClick={show}
    >
      <MenuButtonFace compact={compact} />
    </Menu.Trigger>
  )
  return compact ? (
    <Tip text={label} id={group.triggerId(value)} naming>
      {trigger}
    </Tip>
  ) : (
    trigger
  )
}
