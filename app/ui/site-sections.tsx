import { m } from '../../src/paraglide/messages'
import { css } from '../../styled-system/css'
import { useLocale } from './locale'
import { cardClass, linkClass, subheadingClass } from './page'
import type { PortalSession } from '../../src/contract/session'

// The info and contact sections of home and welcome.
export function InfoSection() {
  return (
    <section id="info" className={cardClass} aria-labelledby="info-heading">
      <h2 id="info-heading" className={subheadingClass}>
        {m.info_heading()}
      </h2>
      <p>{m.home_info()}</p>
    </section>
  )
}

export function ContactSection({ site }: { site: PortalSession['site'] }) {
  const locale = useLocale()
  const { contact } = site
  return (
    <section id="contact" className={cardClass} aria-labelledby="contact-heading">
      <h2 id="contact-heading" className={subheadingClass}>
        {m.contact_heading()}
      </h2>
      <address className={css({ fontStyle: 'normal', display: 'grid', gap: '1' })}>
        <strong>{contact.company}</strong>
        <span>{contact.street}</span>
        <span>{contact.city}</span>
        <span>
          {m.contact_phone()}:{' '}
          <a className={linkClass} href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`}>
            {contact.phone}
          </a>
        </span>
        <span>
          {m.contact_email()}:{' '}
          <a className={linkClass} href={`mailto:${contact.email}`}>
            {contact.email}
          </a>
        </span>
        <span>
          {m.contact_hours()}: {contact.hours[locale]}
        </span>
      </address>
    </section>
  )
}
