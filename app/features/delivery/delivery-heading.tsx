import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { messagesOf } from '../../ui/call-result'
import { Notice, headingClass, secondaryButtonClass, subheadingClass } from '../../ui/page'
import { Spinner } from '../../ui/spinner'

/** A delivery form's title, and whose addresses it is about. */
export function DeliveryHeading({ title, company }: { title: string; company: string | undefined }) {
  return (
    <div className={css({ display: 'grid', gap: '2' })}>
      <h1 className={headingClass}>{title}</h1>
      {company ? (
        <p className={subheadingClass} data-testid="delivery-company">
          {m.delivery_ui_overview_of({ company })}
        </p>
      ) : null}
    </div>
  )
}

/** The address list behind a form: loading, or its error with a retry (nothing once loaded). */
export function DeliveryLoadState({ query }: { query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown } }) {
  if (query.isError)
    return (
      <Notice tone="danger" role="alert">
        <p>{messagesOf(query.error).join(' ')}</p>
        <button type="button" className={`${secondaryButtonClass} ${css({ mt: '2' })}`} onClick={() => void query.refetch()}>
          {m.retry()}
        </button>
      </Notice>
    )
  return query.isPending ? <Spinner label={m.loading()} /> : null
}
