import { describe, expect, it } from 'vitest'
import { companiesSearch } from '../../app/features/companies/companies-search'
import { myCompanySearch } from '../../app/features/companies/my-company-search'
import { contactsCidSearch, contactsOverviewSearch } from '../../app/features/contacts/contacts-overview-search'
import { manageUsersSearch } from '../../app/features/contacts/manage-users-search'
import { selectLineSearch } from '../../app/features/companies/select-line-search'
import { deliveryEditSearch, deliverySearch } from '../../app/features/delivery/delivery-search'
import { approveSearch } from '../../app/features/orders/approve-search'
import { priceDetailSearch, priceLogsSearch } from '../../app/features/prices/price-log-search'
import { homeSearch } from '../../app/features/session/home-search'
import { switchUserSearch } from '../../app/features/session/switch-user-search'
import { articleSearch, languagesSearch } from '../../app/features/translation/translation-access'
import { workspaceSearch } from '../../app/features/translation/workspace-search'
import { NO_RECORD, cidSearch } from '../../app/ui/cid-search'

// The route search schemas (plain Standard Schema readers, loaded with every page): what a URL without the param
// gives, what a bad value falls back to, and that a good value is kept. Values come as the
// router reads them (app/ui/search-params.ts): strings.
type Schema = { parse: (value: unknown) => unknown }
// Each case: the schema, what {} gives, then a bad and a good value with what each gives.
type Case = [name: string, schema: Schema, defaults: object, bad: [object, object], good: [object, object]]
const long = (length: number) => 'x'.repeat(length)

const cases: Case[] = [
  ['companies', companiesSearch, { search: '' }, [{ search: long(201) }, { search: '' }], [{ search: 'Holz' }, { search: 'Holz' }]],
  ['my-company', myCompanySearch, { cid: undefined }, [{ cid: 'abc' }, { cid: NO_RECORD }], [{ cid: '42' }, { cid: 42 }]],
  ['contacts (cid)', contactsCidSearch, { cid: undefined }, [{ cid: '99999999999' }, { cid: NO_RECORD }], [{ cid: 7 }, { cid: 7 }]],
  [
    'contacts overview',
    contactsOverviewSearch,
    { cid: undefined, show: 'all', search: '', page: 1 },
    [
      { cid: '-1', show: 'some', search: long(255), page: '0' },
      { cid: NO_RECORD, show: 'all', search: '', page: 1 },
    ],
    [
      { cid: '3', show: 'inactive', search: 'anna', page: '2' },
      { cid: 3, show: 'inactive', search: 'anna', page: 2 },
    ],
  ],
  [
    'manage users',
    manageUsersSearch,
    { email: '', active: '1', sort: 'email', page: 1 },
    [
      { email: long(255), active: 'yes', sort: '-password', page: '1.5' },
      { email: '', active: '1', sort: 'email', page: 1 },
    ],
    [
      { email: 'anna@', active: '0', sort: '-last_login', page: '1000000' },
      { email: 'anna@', active: '0', sort: '-last_login', page: 1_000_000 },
    ],
  ],
  ['delivery', deliverySearch, { cid: undefined }, [{ cid: '1.5' }, { cid: NO_RECORD }], [{ cid: '12' }, { cid: 12 }]],
  [
    'delivery edit',
    deliveryEditSearch,
    { cid: undefined, address: undefined, redirect: undefined },
    [
      { cid: 'x', address: '0', redirect: 'https://elsewhere.example/' },
      { cid: NO_RECORD, address: NO_RECORD, redirect: undefined },
    ],
    [
      { cid: '5', address: '9', redirect: '/overview-delivery?cid=5' },
      { cid: 5, address: 9, redirect: '/overview-delivery?cid=5' },
    ],
  ],
  [
    'order approve',
    approveSearch,
    { tab: 'open', number: '', sort: '-created', page: 1, order: undefined },
    [
      { tab: 'closed', number: '1'.repeat(65), sort: 'price', page: '1000001', order: '2'.repeat(65) },
      { tab: 'open', number: '', sort: '-created', page: 1 },
    ],
    [
      { tab: 'finished', number: '0042', sort: 'name1', page: '3', order: '2000000001' },
      { tab: 'finished', number: '0042', sort: 'name1', page: 3, order: '2000000001' },
    ],
  ],
  [
    'price logs',
    priceLogsSearch,
    { page: 1, sort: '-date', article_uid: '', contact: '', company: '', order_number__contains: '', price: '' },
    [
      { page: 'abc', sort: '-nothing', article_uid: long(201), price: long(201) },
      { page: 1, sort: '-date', article_uid: '', price: '' },
    ],
    [
      { page: '4', sort: 'kind', contact: 'anna', order_number__contains: '20', price: '1,50' },
      { page: 4, sort: 'kind', contact: 'anna', price: '1,50' },
    ],
  ],
  [
    'price detail',
    priceDetailSearch,
    { page: 1, sort: undefined },
    [
      { page: '-2', sort: 'date' },
      { page: 1, sort: undefined },
    ],
    [
      { page: '2', sort: '-oprice' },
      { page: 2, sort: '-oprice' },
    ],
  ],
  [
    'home, login, logout',
    homeSearch,
    { redirect: undefined },
    [{ redirect: `/${long(2000)}` }, { redirect: undefined }],
    [{ redirect: '/order-approve' }, { redirect: '/order-approve' }],
  ],
  [
    'translation workspace',
    workspaceSearch,
    { src: 'master', dst: 'en', filter: 'all', q: '', view: 'cards' },
    [
      { src: 'english', dst: 'EN', filter: 'done', q: long(201), view: 'grid' },
      { src: 'master', dst: 'en', filter: 'all', q: '', view: 'cards' },
    ],
    [
      { src: 'de', dst: 'pt-BR', filter: 'unsaved', q: '123', view: 'compact' },
      { src: 'de', dst: 'pt-BR', filter: 'unsaved', q: '123', view: 'compact' },
    ],
  ],
  [
    'catalogue languages',
    languagesSearch,
    { src: 'master', dst: 'en' },
    [
      { src: 'm', dst: 'en_GB' },
      { src: 'master', dst: 'en' },
    ],
    [
      { src: 'fr', dst: 'master' },
      { src: 'fr', dst: 'master' },
    ],
  ],
  ['article language', articleSearch, { lang: 'en' }, [{ lang: '../x' }, { lang: 'en' }], [{ lang: 'fr' }, { lang: 'fr' }]],
  ['switch user', switchUserSearch, { email: '' }, [{ email: long(255) }, { email: '' }], [{ email: 'anna@firma.example' }, { email: 'anna@firma.example' }]],
  ['select line', selectLineSearch, { cid: undefined }, [{ cid: '0' }, { cid: undefined }], [{ cid: '2147483647' }, { cid: 2_147_483_647 }]],
  ['company screens (cid)', cidSearch, { cid: null }, [{ cid: '2147483648' }, { cid: null }], [{ cid: '2147483647' }, { cid: 2_147_483_647 }]],
]

describe('route search schemas', () => {
  it.each(cases)('%s: the defaults without params', (_name, schema, defaults) => {
    expect(schema.parse({})).toEqual(defaults)
  })

  it.each(cases)('%s: a bad value falls back', (_name, schema, _defaults, [bad, gives]) => {
    expect(schema.parse(bad)).toMatchObject(gives)
  })

  it.each(cases)('%s: a good value is kept', (_name, schema, _defaults, _bad, [good, gives]) => {
    expect(schema.parse(good)).toMatchObject(gives)
  })

  it('reads a bad value of any type as the fallback, never as a failure', () => {
    expect(approveSearch.parse({ tab: 1, number: { a: 1 }, sort: null, page: [], order: 5 })).toEqual(approveSearch.parse({}))
    expect(cidSearch.parse({ cid: { id: 1 } })).toEqual({ cid: null })
    expect(myCompanySearch.parse({ cid: true })).toEqual({ cid: NO_RECORD })
    expect(selectLineSearch.parse({ cid: '1.5' })).toEqual({})
    expect(selectLineSearch.parse({ cid: '2147483648' })).toEqual({})
    expect(switchUserSearch.parse({ email: ['a'] })).toEqual({ email: '' })
  })

  it('answers the router through Standard Schema, never with issues', () => {
    expect(approveSearch['~standard'].validate({ page: '2', tab: 'x' })).toEqual({ value: { ...approveSearch.parse({}), page: 2 } })
    expect(cidSearch['~standard'].validate('not an object')).toEqual({ value: { cid: null } })
  })

  it('keeps the sorts the endpoints take', () => {
    expect(manageUsersSearch.shape.sort.safeParse('-name')).toMatchObject({ success: true, data: '-name' })
    expect(priceLogsSearch.shape.sort.parse('-contact')).toBe('-contact')
    expect(priceDetailSearch.shape.sort.safeParse('quantity')).toMatchObject({ success: true, data: 'quantity' })
  })
})
