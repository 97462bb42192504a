import type { UseTooltipReturn } from '@ark-ui/react/tooltip'
import type { Store } from './lazy-part'

// What the Tips of a list or screen (tooltip.tsx, always there) and its one tooltip
// (tooltip-popup.tsx, loaded on first use) share. Types only.

export type TooltipApi = UseTooltipReturn

/** A Tip was pointed at or focused before the tooltip's script was there. */
export type TipAsk = { value: string; by: 'pointer' | 'focus' }

export type TooltipGroup = {
  contentId: string
  /** The text of the Tip last pointed at or focused: it is the one the tooltip opens for. */
  text: Store<string>
  api: Store<TooltipApi | null>
  ask: Store<TipAsk | null>
  load: () => void
}
