import { Portal } from '@ark-ui/react/portal'
import { Tooltip, useTooltip } from '@ark-ui/react/tooltip'
import { useLayoutEffect } from 'react'
import { TOOLTIP_DELAY_MS } from '../../src/domain/limits'
import { css } from '../../styled-system/css'
import { useStore } from './lazy-part'
import type { TooltipGroup } from './tooltip-group'

// The one tooltip of a TooltipGroup's Tips (Ark's tooltip with a trigger per Tip), loaded when
// the browser is idle on a device that hovers, or when a Tip is first pointed at or focused.

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

export default function TooltipPopup({ group }: { group: TooltipGroup }) {
  const text = useStore(group.text)
  const tooltip = useTooltip({
    openDelay: TOOLTIP_DELAY_MS,
    closeDelay: 100,
    // A Tip's value is its element's id, so a control can be a menu's trigger as well.
    ids: { trigger: (value) => value ?? group.contentId, content: group.contentId },
    positioning: { placement: 'top' },
  })
  // Every state of the machine: the Tips take their props (open, current) from it.
  useLayoutEffect(() => group.api.set(tooltip))
  return (
    <Tooltip.RootProvider value={tooltip} lazyMount unmountOnExit>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content className={contentClass}>{text}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.RootProvider>
  )
}
