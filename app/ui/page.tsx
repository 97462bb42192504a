import type { ReactNode } from 'react'
import { css, cx } from '../../styled-system/css'
import { button, card, pageHeader } from '../../styled-system/recipes'

// The content frame every screen uses inside the shell's <main>. Its one column never grows
// past the frame (a wide child scrolls or wraps inside it instead of being clipped).
export const pageClass = css({
  w: 'full',
  maxW: '960px',
  mx: 'auto',
  px: { base: '4', md: '8' },
  py: '6',
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: '6',
  minW: '0',
})
export const cardClass = card()
export const buttonClass = button()
export const secondaryButtonClass = button({ variant: 'secondary' })
export const headingClass = pageHeader().title
export const subheadingClass = pageHeader().subtitle
export const linkClass = css({ color: 'accent', textDecoration: 'underline', textUnderlineOffset: '2px', _hover: { color: 'accent.hover' } })

const widePageClass = css({ maxW: '1280px' })

/** `wide` for tables that need the room of a desktop screen. */
export function Page({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return <div className={cx(pageClass, wide ? widePageClass : undefined)}>{children}</div>
}

const noticeTone = {
  info: css({ bg: 'bg.subtle', borderColor: 'accent' }),
  warning: css({ bg: 'warning.100', borderColor: 'warning.400', color: 'warning.700' }),
  danger: css({ bg: 'danger.50', borderColor: 'danger.700', color: 'danger.700' }),
}

/** A banner in the page flow: flash texts, maintenance, offline and session notices. */
export function Notice({
  tone = 'info',
  role = 'status',
  children,
  className,
}: {
  tone?: keyof typeof noticeTone
  role?: 'status' | 'alert'
  children: ReactNode
  className?: string
}) {
  return (
    <div
      role={role}
      className={cx(css({ borderLeft: '6px solid', borderRadius: 'control', px: '4', py: '3', overflowWrap: 'anywhere' }), noticeTone[tone], className)}
    >
      {children}
    </div>
  )
}
