import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CompanyContact } from '../../src/contract/contacts'
import type { DeliveryAddress } from '../../src/contract/delivery'
import type { Order } from '../../src/contract/orders'
import { BASKET_STATUSES } from '../../src/domain/basket-status'
import { baseLocale, overwriteGetLocale } from '../../src/paraglide/runtime'
import { companyRowActions } from '../../app/features/companies/company-row-actions'
import { contactRowActions } from '../../app/features/contacts/contact-row-actions'
import { deliveryRowActions } from '../../app/features/delivery/delivery-columns'
import { basketRowActions } from '../../app/features/orders/basket-row-actions'
import type { BasketActions } from '../../app/features/orders/order-actions'
import { statusHint, statusLabel } from '../../app/features/orders/status-label'
import type { AddressActions } from '../../app/features/delivery/use-address-actions'
import { rowForms, sameOnEveryWidth, type RowAction } from '../../app/ui/row-actions'
import type { CompanyItem } from '../../app/features/companies/tree-model'

// Which actions a list row has (decision 036), and where they go — buttons from the md
// width up, one menu on a phone when there are two or more.
afterEach(() => overwriteGetLocale(() => baseLocale))

const run = (value: string): RowAction => ({ value, label: value, run: () => undefined })
const values = (actions: ReadonlyArray<RowAction>) => actions.map((action) => action.value)

describe('rowForms', () => {
  it('puts two or more actions in the phone’s menu, all of them, menu-only ones too', () => {
    const actions = [run('edit'), { ...run('mail'), menuOnly: true }]
    const forms = rowForms(actions)
    expect(values(forms.wide)).toEqual(['edit'])
    expect(forms.narrow).toEqual({ menu: true, actions })
    expect(sameOnEveryWidth(forms)).toBe(false)
  })

  it('keeps a single action a button on every width, and none as nothing', () => {
    const forms = rowForms([run('edit')])
    expect(values(forms.wide)).toEqual(['edit'])
    expect(forms.narrow.menu).toBe(false)
    expect(values(forms.narrow.actions)).toEqual(['edit'])
    expect(sameOnEveryWidth(forms)).toBe(true)
    expect(sameOnEveryWidth(rowForms([]))).toBe(true)
  })

  it('shows a lone menu-only action as a button on a phone only', () => {
    const forms = rowForms([{ ...run('mail'), menuOnly: true }])
    expect(forms.wide).toEqual([])
    expect(forms.narrow.menu).toBe(false)
    expect(sameOnEveryWidth(forms)).toBe(false)
  })
})

const order = (change: Partial<Order> = {}): Order => ({
  basket_number: '2038029860',
  customer: 'Kommission Pohl',
  name1: 'Holzhandel Brenner GmbH & Co. KG',
  name2: '',
  zip: '70346',
  country: 'DE',
  line__name: 'Möbelfronten',
  status: 2,
  created: '2026-10-11T10:00:00Z',
  last_status_update: '2026-10-12T00:09:00Z',
  approval_number: null,
  can_approve: true,
  company: [2, 'Holzhandel Brenner GmbH & Co. KG'],
  placed_by: null,
  auto_approve: false,
  query_pending: false,
  ...change,
})

describe('basketRowActions', () => {
  const basket = (busy: string | null = null) => {
    const actions: BasketActions = { busy, refresh: vi.fn(), ask: vi.fn() }
    return actions
  }

  it('offers approve when the basket waits for this user, the details, and on a phone refresh and reset', () => {
    const actions = basket()
    const toggle = vi.fn()
    const rows = basketRowActions(order(), actions, false, toggle)
    expect(values(rows)).toEqual(['approve', 'details', 'refresh', 'reset'])
    expect(values(rowForms(rows).wide)).toEqual(['approve', 'details'])
    for (const row of rows) if ('run' in row) row.run()
    expect(actions.ask).toHaveBeenCalledWith('approve', '2038029860')
    expect(actions.ask).toHaveBeenCalledWith('reset', '2038029860')
    expect(actions.refresh).toHaveBeenCalledWith('2038029860')
    expect(toggle).toHaveBeenCalledOnce()
  })

  it('leaves out approve for others and reset at status 0; the details say whether they are open', () => {
    const rows = basketRowActions(order({ status: 0, can_approve: false }), basket(), true, () => undefined)
    expect(values(rows)).toEqual(['details', 'refresh'])
    overwriteGetLocale(() => 'en')
    const [details] = basketRowActions(order({ can_approve: false }), basket(), true, () => undefined)
    expect(details).toMatchObject({ label: 'Details', menuLabel: 'Hide details and history', expanded: true })
  })

  it('disables the calls while one for the same basket is under way', () => {
    const rows = basketRowActions(order(), basket('2038029860'), false, () => undefined)
    expect(rows.filter((row) => row.disabled).map((row) => row.value)).toEqual(['approve', 'refresh', 'reset'])
    expect(basketRowActions(order(), basket('99611415'), false, () => undefined).some((row) => row.disabled)).toBe(false)
  })
})

describe('statusHint', () => {
  it('says what each status means, in German and English, each in its own words', () => {
    for (const locale of ['de', 'en'] as const) {
      overwriteGetLocale(() => locale)
      const hints = BASKET_STATUSES.map(statusHint)
      expect(new Set(hints).size).toBe(BASKET_STATUSES.length)
      for (const [index, hint] of hints.entries()) expect(hint.length, `${locale} ${index}`).toBeGreaterThan(20)
    }
    // The "?" of status 1 is explained.
    overwriteGetLocale(() => 'en')
    expect(statusLabel(1)).toBe('?')
    expect(statusHint(1)).toMatch(/^Status 1: /)
  })
})

const address = (change: Partial<DeliveryAddress> = {}): DeliveryAddress => ({
  id: 7,
  name1: 'Kommission Lehmann',
  name2: '',
  address1: 'Mühlweg 83a',
  address2: '',
  zip: '01991',
  city: 'Dresden',
  country: 'DE',
  email: '',
  phone: '',
  mobile: '',
  active: true,
  is_delivery: false,
  ...change,
})

describe('deliveryRowActions', () => {
  const actions = (busy: number | null = null): AddressActions => ({ busy, select: vi.fn(), setActive: vi.fn() })

  it('edits and selects active addresses; the delivery address is only edited; inactive ones have none', () => {
    expect(values(deliveryRowActions(address(), actions(), undefined, '/overview-delivery', null))).toEqual(['edit', 'select'])
    expect(values(deliveryRowActions(address({ is_delivery: true }), actions(), undefined, '/overview-delivery', null))).toEqual(['edit'])
    expect(deliveryRowActions(address({ active: false }), actions(), undefined, '/overview-delivery', null)).toEqual([])
  })

  it('links every address to its activity for a caller who may read the trail', () => {
    overwriteGetLocale(() => 'en')
    const activity = (change: Partial<DeliveryAddress>) => deliveryRowActions(address(change), actions(), undefined, '/overview-delivery', 3).at(-1)
    expect(values(deliveryRowActions(address(), actions(), undefined, '/overview-delivery', 3))).toEqual(['edit', 'activity', 'select'])
    expect(activity({ is_delivery: true })).toMatchObject({ value: 'activity', label: 'Activity' })
    expect(activity({ active: false })).toMatchObject({ value: 'activity', named: `Activity of ${address().name1}` })
  })

  it('selects through the overview’s action, and not while a call is under way', () => {
    const calls = actions()
    const select = deliveryRowActions(address(), calls, 3, '/overview-delivery', null).find((row) => row.value === 'select')
    if (!select || !('run' in select)) throw new Error('no select action')
    select.run()
    expect(calls.select).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }))
    expect(deliveryRowActions(address(), actions(9), 3, '/', null)[1]).toMatchObject({ disabled: true, busy: false })
    expect(deliveryRowActions(address(), actions(7), 3, '/', null)[1]).toMatchObject({ disabled: true, busy: true })
  })
})

describe('companyRowActions and contactRowActions', () => {
  const item = (id: number): CompanyItem => ({ kind: 'company', value: `c:${id}`, id, label: 'Holz GmbH', company: null, setSize: 1, posInSet: 1, hit: false })

  it('edits the company the tree starts at and browses the others; shop as, contacts and addresses for each', () => {
    overwriteGetLocale(() => 'en')
    const shopAs = vi.fn()
    const own = companyRowActions(item(2), 2, shopAs)
    expect(values(own)).toEqual(['edit', 'shop', 'contacts', 'addresses'])
    expect(own.map((action) => action.named)).toEqual(['Edit Holz GmbH', 'Shop as Holz GmbH', 'Contacts of Holz GmbH', 'Delivery addresses of Holz GmbH'])
    const other = companyRowActions(item(5), 2, shopAs)
    expect(values(other)[0]).toBe('browse')
    const shop = other[1]
    if (!shop || !('run' in shop)) throw new Error('no shop-as action')
    shop.run()
    expect(shopAs).toHaveBeenCalledWith(expect.objectContaining({ id: 5 }))
  })

  it('edits a contact, links it to its activity for a caller who may read the trail, and on a phone writes it an e-mail', () => {
    overwriteGetLocale(() => 'de')
    const contact: CompanyContact = {
      id: 4,
      name: 'Lena Holz',
      email: 'lena@example.com',
      first_name: 'Lena',
      middle_name: '',
      last_name: 'Holz',
      language: 'de',
      company: [3, 'Schreinerei Maurer'],
      dealer_admin: false,
      opt_out: false,
      is_active: true,
      active: true,
      last_login: null,
    }
    const rows = contactRowActions(contact, false)
    expect(rows.map((row) => [row.value, row.label, row.menuOnly ?? false])).toEqual([
      ['edit', 'Bearbeiten', false],
      ['email', 'E-Mail schreiben', true],
    ])
    // A caller who may read the trail: the contact's activity beside the edit.
    const withTrail = contactRowActions(contact, true)
    expect(withTrail.map((row) => [row.value, row.label, row.named ?? ''])).toEqual([
      ['edit', 'Bearbeiten', 'Lena Holz bearbeiten'],
      ['activity', 'Aktivität', 'Aktivität zu Lena Holz'],
      ['email', 'E-Mail schreiben', ''],
    ])
  })
})
