import { Link } from '@tanstack/react-router'
import { m } from '../../../src/paraglide/messages'
import { Page, buttonClass, cardClass, headingClass } from '../../ui/page'
import { useLocale } from '../../ui/locale'

export function NotFound() {
  useLocale()
  return (
    <Page>
      <section className={cardClass} aria-labelledby="not-found-heading">
        <h1 id="not-found-heading" className={headingClass}>
          {m.not_found_title()}
        </h1>
        <p>{m.not_found_text()}</p>
        <p>
          <Link to="/" className={buttonClass}>
            {m.back_home()}
          </Link>
        </p>
      </section>
    </Page>
  )
}
