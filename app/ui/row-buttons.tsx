import { Fragment } from 'react'
import { m } from '../../src/paraglide/messages'
import { css } from '../../styled-system/css'
import { button } from '../../styled-system/recipes'
import type { RowAction } from './row-actions'

// A row's actions as buttons (and button-styled links), side by side in the row's own container;
// and the look of the phone's menu button, which a server-rendered row shows before hydration.
export type ButtonClasses = Record<'primary' | 'secondary', string>

const defaultClasses: ButtonClasses = { primary: button({ size: 'sm' }), secondary: button({ variant: 'secondary', size: 'sm' }) }

export const menuButtonClass = {
  labelled: button({ variant: 'secondary', size: 'sm' }),
  // 40 px square: a finger's room beside a row's text.
  compact: `${button({ variant: 'ghost', size: 'sm' })} ${css({ minW: '10', minH: '10', px: '0', fontSize: 'xl', lineHeight: '1', border: '1px solid', borderColor: 'border', flexShrink: 0 })}`,
}
/** The form of a row's actions for the md width and up, and the one below it (before hydration CSS picks). */
export const wideOnlyClass = css({ display: { base: 'none', md: 'contents' } })
export const narrowOnlyClass = css({ display: { base: 'contents', md: 'none' } })

/** What the menu button shows: ⋯ (compact) or "Actions ▾"; its name is the caller's aria-label. */
export function MenuButtonFace({ compact }: { compact: boolean }) {
  if (compact) return <span aria-hidden="true">⋯</span>
  return (
    <>
      {m.row_actions()}
      <span aria-hidden="true">▾</span>
    </>
  )
}

export function RowButtons({ actions, tabIndex, classes = defaultClasses }: { actions: ReadonlyArray<RowAction>; tabIndex?: number; classes?: ButtonClasses }) {
  return actions.map((action) => {
    const className = classes[action.tone ?? 'secondary']
    const children =
      action.expanded === undefined ? (
        action.label
      ) : (
        <>
          {action.label}
          <span aria-hidden="true">{action.expanded ? '▴' : '▾'}</span>
        </>
      )
    if ('link' in action) return <Fragment key={action.value}>{action.link({ className, children, 'aria-label': action.named, tabIndex })}</Fragment>
    return (
      <button
        key={action.value}
        type="button"
        className={className}
        tabIndex={tabIndex}
        disabled={action.disabled}
        aria-busy={action.busy}
        aria-expanded={action.expanded}
        aria-label={action.named}
        onClick={action.run}
      >
        {children}
      </button>
    )
  })
}
