import { useId, type ReactNode } from 'react'
import { css } from '../../../styled-system/css'
import { subheadingClass } from '../../ui/page'

// One section of the Security page: a heading that names it (for assistive technology too), a
// line of what it is for, then its content.
const sectionClass = css({ display: 'grid', gap: '3', minW: '0' })

export function SecuritySection({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  const id = useId()
  return (
    <section aria-labelledby={id} className={sectionClass}>
      <h2 id={id} className={subheadingClass}>
        {title}
      </h2>
      <p className={css({ color: 'fg.muted' })}>{intro}</p>
      {children}
    </section>
  )
}
