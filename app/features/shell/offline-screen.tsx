import { Link } from '@tanstack/react-router'
import { m } from '../../../src/paraglide/messages'
import { useLocale } from '../../ui/locale'
import { Page, buttonClass, cardClass, headingClass } from '../../ui/page'

export function OfflineScreen() {
  useLocale()
  return (
    <Page>
      <section className={cardClass} aria-labelledby="offline-heading">
        <h1 id="offline-heading" className={headingClass}>
          {m.offline_title()}
        </h1>
        <p>{m.offline_text()}</p>
        <p>
          <Link to="/" className={buttonClass} reloadDocument>
            {m.back_home()}
          </Link>
        </p>
      </section>
    </Page>
  )
}
