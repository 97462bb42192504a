import { Menu, useMenu } from '@ark-ui/react/menu'
import { Portal } from '@ark-ui/react/portal'
import { useLayoutEffect } from 'react'
import { css } from '../../styled-system/css'
import { useStore } from './lazy-part'
import { menuContentClass } from './menu-content'
import type { RowAction } from './row-actions'
import type { MenuGroup } from './row-menu-group'

// A list's one row menu (Ark's menu with a trigger per row), loaded when a row's menu button is
// first reached for or the browser is idle (row-menu.tsx). The row whose button was used fills it.
// Keyboard: Enter, Space or ↓ open it on the first item, arrows move, Escape closes it and focus
// returns to the row's button.

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

export default function RowMenuPopup({ group }: { group: MenuGroup }) {
  const shown = useStore(group.shown)
  const menu = useMenu({ ids: { trigger: (value) => group.triggerId(value ?? '') }, positioning: { placement: 'bottom-end' } })
  // Every state of the machine: the row buttons take their props (open, current) from it.
  useLayoutEffect(() => group.api.set(menu.api))
  // A key pressed within a frame of the last (↓ then Enter) can leave the focus in the closing
  // menu, and so nowhere once it is gone: it goes back to the row's button then.
  const giveBack = () => {
    const active = document.activeElement
    const value = menu.api.triggerValue
    if ((active === null || active === document.body) && value !== null) document.getElementById(group.triggerId(value))?.focus({ preventScroll: true })
  }
  return (
    <Menu.RootProvider value={menu} lazyMount unmountOnExit onExitComplete={giveBack}>
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
