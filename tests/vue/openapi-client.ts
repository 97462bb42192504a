// A client of the /vue/ API as a team would write it from /vue/openapi.json alone: every input
// and answer typed by what openapi-typescript generates from the document (./api), the token
// sent as its security scheme says (HTTP bearer). openapi-validators.test.ts compiles it against
// the generated types and then runs it against the portal's handler, one call per area.
export const TYPED_CLIENT = `
import type { components, paths } from './api'

export type Transport = (request: Request) => Promise<Response>
export type Connection = { transport: Transport; token?: string; language?: 'de' | 'en' }
export type Sent<A> = { status: number; answer: A }

type PathOf<O> = O extends { parameters: { path: infer X } } ? X : never
type QueryOf<O> = O extends { parameters: { query?: infer X } } ? NonNullable<X> : never
type BodyOf<O> = O extends { requestBody?: { content: { 'application/json': infer X } } } ? X : never
/** Every answer the operation documents, success or failure (the envelope's status tells). */
type AnswerOf<O> = O extends { responses: infer R } ? { [S in keyof R]: R[S] extends { content: { 'application/json': infer A } } ? A : never }[keyof R] : never

async function send(c: Connection, method: string, template: string, path: object, query: object, body?: unknown) {
  const filled = template.replace(/\\{(\\w+)\\}/g, (_, name: string) => encodeURIComponent(String(Reflect.get(path, name))))
  const url = new URL(filled, 'http://portal.example')
  for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, String(value))
  const headers = new Headers({ accept: 'application/json' })
  if (c.token) headers.set('authorization', 'Bearer ' + c.token)
  if (c.language) headers.set('accept-language', c.language)
  if (body !== undefined) headers.set('content-type', 'application/json')
  const response = await c.transport(new Request(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }))
  return { status: response.status, answer: await response.json() }
}

// session
type Login = paths['/vue/login/']['post']
export const login = (c: Connection, body: BodyOf<Login>): Promise<Sent<AnswerOf<Login>>> => send(c, 'POST', '/vue/login/', {}, {}, body)
export async function tokenOf(c: Connection, username: string, password: string): Promise<string> {
  const { answer } = await login(c, { username, password })
  if (!answer.status) throw new Error(answer.messages.join(' '))
  return answer.data.jwt
}

// registration
type Register = paths['/vue/register/contact/']['post']
export const registerContact = (c: Connection, body: BodyOf<Register>): Promise<Sent<AnswerOf<Register>>> =>
  send(c, 'POST', '/vue/register/contact/', {}, {}, body)

// companies
type Info = paths['/vue/company/{id}/info/']['get']
export const companyInfo = (c: Connection, path: PathOf<Info>): Promise<Sent<AnswerOf<Info>>> => send(c, 'GET', '/vue/company/{id}/info/', path, {})
type Search = paths['/vue/company/{id}/search2/']['get']
export const companySearch = (c: Connection, path: PathOf<Search>, query: QueryOf<Search>): Promise<Sent<AnswerOf<Search>>> =>
  send(c, 'GET', '/vue/company/{id}/search2/', path, query)

// contacts
type Detail = paths['/vue/contact/{id}/detail/']['get']
export const contactDetail = (c: Connection, path: PathOf<Detail>): Promise<Sent<AnswerOf<Detail>>> => send(c, 'GET', '/vue/contact/{id}/detail/', path, {})
type ContactEdit = paths['/vue/contact/{id}/edit/']['post']
export const contactEdit = (c: Connection, path: PathOf<ContactEdit>, body: BodyOf<ContactEdit>): Promise<Sent<AnswerOf<ContactEdit>>> =>
  send(c, 'POST', '/vue/contact/{id}/edit/', path, {}, body)

// delivery
type Addresses = paths['/vue/company/{id}/delivery-addresses/']['get']
export const deliveryAddresses = (c: Connection, path: PathOf<Addresses>): Promise<Sent<AnswerOf<Addresses>>> =>
  send(c, 'GET', '/vue/company/{id}/delivery-addresses/', path, {})
type AddressEdit = paths['/vue/company/{cid}/address/{id}/edit/']['post']
export const addressEdit = (c: Connection, path: PathOf<AddressEdit>, body: BodyOf<AddressEdit>): Promise<Sent<AnswerOf<AddressEdit>>> =>
  send(c, 'POST', '/vue/company/{cid}/address/{id}/edit/', path, {}, body)
type AddressNew = paths['/vue/company/{cid}/address/new/']['post']
export const addressNew = (c: Connection, path: PathOf<AddressNew>, body: BodyOf<AddressNew>): Promise<Sent<AnswerOf<AddressNew>>> =>
  send(c, 'POST', '/vue/company/{cid}/address/new/', path, {}, body)

// orders
type Baskets = paths['/vue/basket/list/']['get']
export const basketList = (c: Connection, query: QueryOf<Baskets>): Promise<Sent<AnswerOf<Baskets>>> => send(c, 'GET', '/vue/basket/list/', {}, query)
type Status = paths['/vue/basket/{basket}/status/']['get']
export const basketStatus = (c: Connection, path: PathOf<Status>): Promise<Sent<AnswerOf<Status>>> => send(c, 'GET', '/vue/basket/{basket}/status/', path, {})

// prices
type Logs = paths['/vue/price/logs/']['get']
export const priceLogs = (c: Connection, query: QueryOf<Logs>): Promise<Sent<AnswerOf<Logs>>> => send(c, 'GET', '/vue/price/logs/', {}, query)

// translation
type Vartext = paths['/vue/i18n/vartext/']['get']
export const vartextTexts = (c: Connection, query: QueryOf<Vartext>): Promise<Sent<AnswerOf<Vartext>>> => send(c, 'GET', '/vue/i18n/vartext/', {}, query)

// What the generated types hold a client to (this file compiles only if the document says so).
export const germany: components['schemas']['DeliveryAddress']['country'] = 'DE'
export const minimalEdit: BodyOf<AddressEdit> = { name1: 'Lager', phone: '+49 1' }
export const newContactDefaults: BodyOf<paths['/vue/company/{id}/create/contact/']['post']> = { email: 'a@b.de', first_name: 'A' }
// @ts-expect-error only the countries the portal knows
export const atlantis: BodyOf<AddressNew>['country'] = 'XX'
// @ts-expect-error the search term is required
export const noTerm: QueryOf<Search> = {}
// @ts-expect-error an edit needs name1 and phone
export const noPhone: BodyOf<AddressEdit> = { name1: 'Lager' }
export function shared(answer: AnswerOf<Addresses>): components['schemas']['DeliveryAddress'][] {
  return answer.status ? answer.data.addresses : []
}
`

/** Uses of the generated types that compile only if the document says what the API does. */
export const TYPE_CHECKS = `
import type { components, paths } from './api'

type Op<P extends keyof paths, M extends 'get' | 'post'> = NonNullable<paths[P][M]>
type Answer<P extends keyof paths, M extends 'get' | 'post', S extends number> = Op<P, M> extends { responses: Record<S, { content: { 'application/json': infer A } }> } ? A : never

export async function login(body: NonNullable<Op<'/vue/login/', 'post'>['requestBody']>['content']['application/json']): Promise<string | string[]> {
  const response = await fetch('/vue/login/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const answer: Answer<'/vue/login/', 'post', 200> | Answer<'/vue/login/', 'post', 401> = await response.json()
  return answer.status ? answer.data.jwt : answer.messages
}
login({ username: 'staff@example.com', password: 'long enough' })

declare const conflict: Answer<'/vue/i18n/save/', 'post', 409>
export const error: string = conflict.error
export const theirs = conflict.data?.conflicts.map((entry) => entry.theirs.stamp)

declare const orders: Answer<'/vue/basket/list/', 'get', 200>
export const numbers: string[] = orders.data.orders.map((order) => order.basket_number)
export const everyTab: 'open' | 'in_process' | 'finished' | null = orders.data.tab

declare const pastTheEnd: Answer<'/vue/price/logs/', 'get', 404>
export const lastPage: number | undefined = pastTheEnd.data?.pages

type UploadForm = NonNullable<Op<'/vue/price/upload/', 'post'>['requestBody']>['content']['multipart/form-data']
export const upload: UploadForm = { prices: 'file', dry_run: '1' }
// @ts-expect-error the file field is "prices"
export const wrongField: UploadForm = { file: 'file' }

declare const tree: components['schemas']['CatalogNode']
export const leaves: number[] = tree.children.flatMap((child) => child.children.map((leaf) => leaf.id))
`
