import type { Order } from '../../../src/contract/orders'
import { m } from '../../../src/paraglide/messages'
import type { RowAction } from '../../ui/row-actions'
import type { BasketActions } from './order-actions'

/**
 * A basket row's actions: approve when it waits for this user, the details
 * with the history; refresh and reset (reset above status 0) sit in the details on wider
 * screens and in the phone's menu as well.
 */
export function basketRowActions(order: Order, actions: BasketActions, expanded: boolean, onToggle: () => void): RowAction[] {
  const number = order.basket_number
  const busy = actions.busy === number
  const rows: RowAction[] = []
  if (order.can_approve)
    rows.push({
      value: 'approve',
      label: m.orders_approve(),
      named: m.orders_approve_label({ number }),
      tone: 'primary',
      disabled: busy,
      run: () => actions.ask('approve', number),
    })
  rows.push({
    value: 'details',
    label: m.orders_details(),
    named: m.orders_details_label({ number }),
    menuLabel: expanded ? m.orders_hide_details() : m.orders_show_details(),
    expanded,
    run: onToggle,
  })
  rows.push({ value: 'refresh', label: m.orders_refresh(), disabled: busy, menuOnly: true, run: () => actions.refresh(number) })
  if (order.status > 0) rows.push({ value: 'reset', label: m.orders_reset(), disabled: busy, menuOnly: true, run: () => actions.ask('reset', number) })
  return rows
}
