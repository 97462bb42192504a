import { Link, useNavigate } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { css } from '../../../styled-system/css'
import { keepLocation } from '../../ui/keep-location'
import { linkClass } from '../../ui/page'

/** The way back from a delivery form: the page it came from (a portal path), else the overview. */
export function DeliveryBackLink({ cid, redirect, children }: { cid: number | undefined; redirect?: string; children: ReactNode }) {
  const navigate = useNavigate()
  const className = `${linkClass} ${css({ fontSize: 'sm' })}`
  if (redirect)
    return (
      <a
        href={redirect}
        className={className}
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
          event.preventDefault()
          void navigate({ href: redirect })
        }}
      >
        <span aria-hidden>← </span>
        {children}
      </a>
    )
  return (
    <Link to="/{-$location}/overview-delivery" params={keepLocation} search={{ cid }} className={className}>
      <span aria-hidden>← </span>
      {children}
    </Link>
  )
}
