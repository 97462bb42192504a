import type { ReactNode } from 'react'
import { css } from '../../styled-system/css'

// The page frame every screen uses until the shell (navbar, side menu) arrives.
export const pageClass = css({ maxW: '960px', mx: 'auto', px: { base: '4', md: '8' }, py: '6', display: 'grid', gap: '6' })
export const cardClass = css({
  display: 'grid', gap: '3', alignContent: 'start',
  bg: 'bg.subtle', borderRadius: 'card', p: { base: '4', md: '6' }, border: '1px solid', borderColor: 'border',
})
export const buttonClass = css({
  display: 'inline-block', bg: 'accent', color: 'white', px: '4', py: '2', borderRadius: 'control', cursor: 'pointer',
  fontWeight: 'semibold', textDecoration: 'none', _hover: { bg: 'accent.hover' },
})
export const headingClass = css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold' })

export function Page({ children }: { children: ReactNode }) {
  return <main className={pageClass}>{children}</main>
}
