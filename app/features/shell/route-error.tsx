import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { m } from '../../../src/paraglide/messages'
import { useLocale } from '../../ui/locale'
import { Page, buttonClass, cardClass, headingClass } from '../../ui/page'

// A screen that failed to load: a plain message and a retry, never a stack trace.
export function RouteError({ error }: ErrorComponentProps) {
  useLocale()
  const router = useRouter()
  const offline = typeof navigator !== 'undefined' && !navigator.onLine
  return (
    <Page>
      <section className={cardClass} aria-labelledby="route-error-heading">
        <h1 id="route-error-heading" className={headingClass}>
          {m.route_error_title()}
        </h1>
        <p>{offline ? m.offline_notice() : m.error_internal()}</p>
        {import.meta.env.DEV && error instanceof Error ? <pre>{error.message}</pre> : null}
        <p>
          <button type="button" className={buttonClass} onClick={() => void router.invalidate()}>
            {m.retry()}
          </button>
        </p>
      </section>
    </Page>
  )
}
