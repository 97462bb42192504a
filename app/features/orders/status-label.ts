import type { BasketStatus } from '../../../src/domain/basket-status'
import { m } from '../../../src/paraglide/messages'

// A basket's status codes as the approver reads them (1 is shown as "?"), and what each means.
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

/** What a status means, for the tooltip on its badge. */
export function statusHint(status: BasketStatus): string {
  switch (status) {
    case 0:
      return m.basket_status_hint_open()
    case 1:
      return m.basket_status_hint_unknown()
    case 2:
      return m.basket_status_hint_wait()
    case 3:
      return m.basket_status_hint_ready()
    case 4:
      return m.basket_status_hint_analyzing()
    case 5:
      return m.basket_status_hint_production()
    case 6:
      return m.basket_status_hint_error()
  }
}
