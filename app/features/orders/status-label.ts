import type { BasketStatus } from '../../../src/domain/basket-status'
import { m } from '../../../src/paraglide/messages'

// Status codes of spec section 4 as the approver reads them (1 is shown as "?").
export function statusLabel(status: BasketStatus): string {
  switch (status) {
    case 0:
      return m.basket_status_open()
    case 1:
      return '?'
    case 2:
      return m.basket_status_wait()
    case 3:
      return m.basket_status_ready()
    case 4:
      return m.basket_status_analyzing()
    case 5:
      return m.basket_status_production()
    case 6:
      return m.basket_status_error()
  }
}
