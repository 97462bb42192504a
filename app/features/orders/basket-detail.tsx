import { useQuery } from '@tanstack/react-query'
import type { Order } from '../../../src/contract/orders'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { messagesOf } from '../../ui/call-result'
import { formatDateTime } from '../../ui/format'
import { Spinner } from '../../ui/spinner'
import { DetailActions, type BasketActions } from './order-actions'
import { basketHistoryQueryOptions } from './orders.functions'
import { statusLabel } from './status-label'

// A row's detail: the refresh and reset actions, the billing address on the basket and its
// history (who, when, from → to).
export function BasketDetail({ order, actions }: { order: Order; actions: BasketActions }) {
  const history = useQuery(basketHistoryQueryOptions(order.basket_number))
  return (
    <div className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 2fr)' }, fontSize: 'sm' })}>
      <div className={css({ gridColumn: '1 / -1' })}>
        <DetailActions order={order} actions={actions} />
      </div>
      <dl
        className={css({
          display: 'grid',
          gridTemplateColumns: 'auto minmax(0, 1fr)',
          rowGap: '1',
          columnGap: '3',
          alignContent: 'start',
          overflowWrap: 'anywhere',
        })}
      >
        <dt>{m.orders_billing()}</dt>
        <dd>{[order.name1, order.name2, `${order.zip} ${order.country}`].filter(Boolean).join(', ')}</dd>
        <dt>{m.orders_company()}</dt>
        <dd>{order.company[1]}</dd>
        <dt>{m.orders_placed_by()}</dt>
        <dd>{order.placed_by?.[1] ?? '–'}</dd>
        <dt>{m.orders_auto_approve()}</dt>
        <dd>{order.auto_approve ? m.yes() : m.no()}</dd>
        <dt>{m.orders_query_pending()}</dt>
        <dd>{order.query_pending ? m.yes() : m.no()}</dd>
      </dl>
      <section aria-label={m.orders_history()}>
        <h3 className={css({ fontWeight: 'semibold', mb: '1' })}>{m.orders_history()}</h3>
        {history.isPending ? (
          <Spinner label={m.table_loading()} />
        ) : history.isError ? (
          <p role="alert" className={css({ color: 'danger.700' })}>
            {messagesOf(history.error).join(' ')}
          </p>
        ) : history.data.history.length === 0 ? (
          <p>{m.orders_history_empty()}</p>
        ) : (
          <ol className={css({ display: 'grid', gap: '1', overflowWrap: 'anywhere' })}>
            {history.data.history.map((entry, index) => (
              <li key={index}>
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                {' · '}
                {m.orders_history_line({
                  action: actionLabel(entry.action),
                  from: entry.from === null ? '–' : statusLabel(entry.from),
                  to: entry.to === null ? '–' : statusLabel(entry.to),
                })}
                {entry.actor ? ` · ${entry.actor[1]}` : ` · ${m.orders_history_system()}`}
                {entry.real_actor ? ` (${m.orders_history_real_actor({ user: entry.real_actor[1] })})` : ''}
                {entry.approval_number ? ` · ${entry.approval_number}` : ''}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  )
}

function actionLabel(action: 'approve' | 'reset' | 'status_refresh' | 'create'): string {
  if (action === 'approve') return m.orders_action_approve()
  if (action === 'reset') return m.orders_action_reset()
  if (action === 'create') return m.orders_action_create()
  return m.orders_action_status()
}
