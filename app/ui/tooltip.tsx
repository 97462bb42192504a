import { mergeProps } from '@ark-ui/react/utils'
import { cloneElement, createContext, useContext, useEffect, useId, useState, type PointerEvent, type ReactElement, type ReactNode } from 'react'
import { createStore, loader, once, useStore, whenFirstUsed } from './lazy-part'
import type { TipAsk, TooltipApi, TooltipGroup as Group } from './tooltip-group'
// Its type only (erased): the tooltip's script is loaded below, on first use.
import type TooltipPopup from './tooltip-popup'

// Tooltips for icon-only or cut-off controls and for status badges (after
// 500 ms on hover, at once on keyboard focus; a touch never opens one). One Ark tooltip serves
// every Tip of a list (its multiple triggers), so a list of 25 rows runs one tooltip machine,
// not 25. Its script (tooltip-popup.tsx) loads when the browser is first idle on a device that
// hovers, or when a Tip is pointed at or focused before that; the server renders none of it.
const GroupContext = createContext<Group | null>(null)

type Popup = typeof TooltipPopup
const loadPopup = once<Popup>(() => import('./tooltip-popup').then((module) => module.default))

/** The one tooltip of the Tips inside it (a list, a screen). */
export function TooltipGroup({ children }: { children: ReactNode }) {
  const contentId = `${useId()}tip`
  const [Popup, setPopup] = useState<Popup | null>(null)
  const [group] = useState<Group>(() => ({
    contentId,
    text: createStore(''),
    api: createStore<TooltipApi | null>(null),
    ask: createStore<TipAsk | null>(null),
    load: loader(loadPopup, (component) => setPopup(() => component), 'the tooltip'),
  }))
  // A touch never opens a tooltip: a phone loads it only if a Tip is focused (a keyboard). A
  // device that hovers loads it when a Tip is pointed at or focused, or at the first tap, key or
  // focus on the page; a visitor who only reads never fetches it.
  useEffect(() => (window.matchMedia('(hover: hover)').matches ? whenFirstUsed(group.load) : undefined), [group])
  return (
    <>
      <GroupContext.Provider value={group}>{children}</GroupContext.Provider>
      {Popup ? <Popup group={group} /> : null}
    </>
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
  const tooltip = useStore(group.api)
  const ready = tooltip !== null
  // Pointed at or focused before the script was there: the tooltip opens now if still so.
  useEffect(() => {
    const ask = group.ask.get()
    if (!tooltip || ask?.value !== value) return
    group.ask.set(null)
    replay(tooltip, ask)
    // Once, when the script has come: not on every state of the machine.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, group, value])
  const show = () => group.text.set(text)
  const ask = (by: TipAsk['by']) => {
    show()
    group.ask.set({ value, by })
    group.load()
  }
  const current = tooltip !== null && tooltip.open && tooltip.triggerValue === value
  // Only the trigger's events and ownership (and the id): its data-scope, data-part and
  // data-state would take the place of a menu trigger's own.
  const kept = tooltip
    ? Object.fromEntries(Object.entries(tooltip.getTriggerProps({ value })).filter(([key]) => /^on[A-Z]/.test(key) || key === 'data-ownedby'))
    : {
        onPointerMove: (event: PointerEvent) => {
          if (event.pointerType !== 'touch') ask('pointer')
        },
        onFocus: () => ask('focus'),
      }
  return cloneElement(
    children,
    mergeProps(children.props, { onPointerMove: show, onFocus: show }, kept, {
      id: value,
      tabIndex: focusable ? 0 : undefined,
      'aria-describedby': current && !naming ? group.contentId : undefined,
    }),
  )
}

/** What the Tip's own handlers would have done, had the script been there. */
function replay(tooltip: TooltipApi, ask: TipAsk): void {
  const element = document.getElementById(ask.value)
  if (!element) return
  if (ask.by === 'pointer') {
    // Still under the pointer: the tooltip opens after its delay, as on any move.
    if (element.matches(':hover')) element.dispatchEvent(new window.PointerEvent('pointermove', { bubbles: true, pointerType: 'mouse' }))
    return
  }
  // Focused by the keyboard (the browser's own focus-visible): at once.
  if (document.activeElement === element && element.matches(':focus-visible')) {
    tooltip.setTriggerValue(ask.value)
    tooltip.setOpen(true)
  }
}
