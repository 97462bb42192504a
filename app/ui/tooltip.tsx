import { Portal } from '@ark-ui/react/portal'
import { Tooltip, useTooltip, useTooltipContext } from '@ark-ui/react/tooltip'
import { mergeProps } from '@ark-ui/react/utils'
import { cloneElement, createContext, useContext, useId, useState, type ReactElement, type ReactNode } from 'react'
import { TOOLTIP_DELAY_MS } from '../../src/domain/limits'
import { css } from '../../styled-system/css'

// Tooltips for icon-only or cut-off controls and for status badges (spec section 9: after
// 500 ms on hover, at once on keyboard focus; a touch never opens one). One Ark tooltip serves
// every Tip of a list (its multiple triggers), so a list of 25 rows runs one tooltip machine,
// not 25; screens without a TooltipGroup load none of this.
type Group = { contentId: string; show: (text: string) => void }

const GroupContext = createContext<Group | null>(null)

const contentClass = css({
  bg: 'fg',
  color: 'bg',
  fontSize: 'sm',
  lineHeight: 'snug',
  px: '2',
  py: '1',
  borderRadius: 'control',
  boxShadow: 'md',
  maxW: 'min(20rem, calc(100vw - 1rem))',
  overflowWrap: 'anywhere',
  zIndex: 'tooltip',
})

/** The one tooltip of the Tips inside it (a list, a screen). */
export function TooltipGroup({ children }: { children: ReactNode }) {
  const contentId = `${useId()}tip`
  // The text of the Tip last pointed at or focused: it is the one the tooltip opens for.
  const [text, setText] = useState('')
  const tooltip = useTooltip({
    openDelay: TOOLTIP_DELAY_MS,
    closeDelay: 100,
    // A Tip's value is its element's id, so a control can be a menu's trigger as well.
    ids: { trigger: (value) => value ?? contentId, content: contentId },
    positioning: { placement: 'top' },
  })
  const [group] = useState<Group>(() => ({ contentId, show: setText }))
  return (
    <Tooltip.RootProvider value={tooltip} lazyMount unmountOnExit>
      <GroupContext.Provider value={group}>{children}</GroupContext.Provider>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content className={contentClass}>{text}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.RootProvider>
  )
}

type TipProps = {
  text: string
  /** One element: a control, or a badge made focusable (focusable) so the keyboard reaches it too. */
  children: ReactElement<Record<string, unknown>>
  focusable?: boolean
  /** The element's id, when another part needs it too (a menu's trigger). */
  id?: string
  /** The text is the control's name already (aria-label): no description repeating it. */
  naming?: boolean
}

/** A control with a tooltip; outside a TooltipGroup just the control. */
export function Tip(props: TipProps) {
  const group = useContext(GroupContext)
  return group ? <GroupTip {...props} group={group} /> : props.children
}

function GroupTip({ text, children, id, naming = false, focusable = false, group }: TipProps & { group: Group }) {
  const own = useId()
  const value = id ?? own
  const tooltip = useTooltipContext()
  const current = tooltip.open && tooltip.triggerValue === value
  const trigger = tooltip.getTriggerProps({ value })
  // Only the trigger's events and ownership (and the id): its data-scope, data-part and
  // data-state would take the place of a menu trigger's own.
  const kept = Object.fromEntries(Object.entries(trigger).filter(([key]) => /^on[A-Z]/.test(key) || key === 'data-ownedby'))
  const show = () => group.show(text)
  return cloneElement(
    children,
    mergeProps(children.props, { onPointerMove: show, onFocus: show }, kept, {
      id: value,
      tabIndex: focusable ? 0 : undefined,
      'aria-describedby': current && !naming ? group.contentId : undefined,
    }),
  )
}
