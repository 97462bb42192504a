import type { Order } from '../../../src/contract/orders'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import type { Column } from '../../ui/data-table'
import { formatDate, formatDateTime, formatTime } from '../../ui/format'
import { Tip } from '../../ui/tooltip'
import { BasketRowActions, type BasketActions } from './order-actions'
import { statusHint, statusLabel } from './status-label'

// The basket list's columns three ways: the desktop table (the line under the customer
// reference, the approval number under the status, so every column fits without sideways
// scrolling), the cards of narrower screens, and the CSV export (one column per field).
const muted = css({ color: 'fg.muted' })
// The status is focusable for its tooltip (what the status means).
const badgeFocusClass = css({ borderRadius: 'sm', _focusVisible: { outline: '2px solid', outlineColor: 'focus', outlineOffset: '2px' } })

export function orderColumns(actions: BasketActions, expanded: string | null, onToggle: (number: string) => void) {
  const number: Column<Order> = {
    id: 'basket_number',
    header: () => m.orders_col_number(),
    cell: (row) => <strong>{row.basket_number}</strong>,
    text: (row) => row.basket_number,
    sortable: true,
    card: 'title',
  }
  const customer: Column<Order> = {
    id: 'customer',
    header: () => m.orders_col_customer(),
    cell: (row) => row.customer,
    text: (row) => row.customer,
    sortable: true,
  }
  const billing: Column<Order> = {
    id: 'name1',
    header: () => m.orders_col_dealer(),
    sortable: true,
    cell: (row) => (
      <>
        {row.name1}
        <br />
        <span className={muted}>
          {row.zip} {row.country}
        </span>
      </>
    ),
    text: (row) => `${row.name1} (${row.zip} ${row.country})`,
  }
  const line: Column<Order> = { id: 'line', header: () => m.orders_col_line(), cell: (row) => row.line__name, text: (row) => row.line__name }
  const status: Column<Order> = {
    id: 'status',
    header: () => m.orders_col_status(),
    cell: (row) => (
      <Tip text={statusHint(row.status)} focusable>
        <span data-testid="basket-status" className={badgeFocusClass}>
          {statusLabel(row.status)}
        </span>
      </Tip>
    ),
    text: (row) => statusLabel(row.status),
    sortable: true,
    card: 'badge',
  }
  const created: Column<Order> = {
    id: 'created',
    header: () => m.orders_col_created(),
    cell: (row) => (
      <time dateTime={row.created} title={formatDateTime(row.created)}>
        {formatDate(row.created)}
      </time>
    ),
    text: (row) => row.created,
    sortable: true,
  }
  const updated: Column<Order> = {
    id: 'last_status_update',
    header: () => m.orders_col_updated(),
    sortable: true,
    cell: (row) => (
      <time dateTime={row.last_status_update}>
        {formatDate(row.last_status_update)} <span className={css({ whiteSpace: 'nowrap' })}>{formatTime(row.last_status_update)}</span>
      </time>
    ),
    text: (row) => row.last_status_update,
  }
  const approval: Column<Order> = {
    id: 'approval_number',
    header: () => m.orders_col_approval(),
    cell: (row) => row.approval_number ?? '',
    text: (row) => row.approval_number ?? '',
  }
  const customerAndLine: Column<Order> = {
    ...customer,
    header: () => `${m.orders_col_customer()} / ${m.orders_col_line()}`,
    cell: (row) => (
      <>
        {row.customer}
        <br />
        <span className={muted}>{row.line__name}</span>
      </>
    ),
  }
  // The table's narrowest header for the number ("Warenkorbnummer" alone would widen the column).
  const basket: Column<Order> = { ...number, header: () => m.orders_col_basket() }
  const statusAndApproval: Column<Order> = {
    ...status,
    header: () => `${m.orders_col_status()} / ${m.orders_col_approval()}`,
    cell: (row) => (
      <>
        {status.cell(row)}
        {row.approval_number ? (
          <span className={css({ display: 'block', overflowWrap: 'anywhere', color: 'fg.muted' })}>
            <span className={css({ srOnly: true })}>{m.orders_col_approval()}: </span>
            {row.approval_number}
          </span>
        ) : null}
      </>
    ),
  }
  const rowActions: Column<Order> = {
    id: 'actions',
    header: () => m.orders_col_actions(),
    card: 'actions',
    cell: (row) => <BasketRowActions order={row} actions={actions} expanded={expanded === row.basket_number} onToggle={() => onToggle(row.basket_number)} />,
  }
  return {
    table: [basket, customerAndLine, billing, statusAndApproval, created, updated, rowActions],
    cards: [number, status, customer, billing, line, created, updated, approval, rowActions],
    exported: [number, customer, billing, line, status, created, updated, approval],
  }
}
