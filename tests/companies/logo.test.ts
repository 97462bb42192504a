import { desc, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { companyEditProblems } from '../../src/contract/company-edit'
import { auditLog, companies } from '../../src/server/db/schema/index'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { answerCompanyLogo } from '../../src/server/services/companies/logo-serve.server'
import { startApi, type TestApi } from '../helpers/api'
import { SVG_WITH_SCRIPT, bombPng, companyState, documentOf, editCompany, editForm, info, jpegWithExif, png, webp } from './company-edit-helpers'
import { siblingDealerCompany } from '../helpers/out-of-scope'

// The logo of POST /vue/company/{id}/edit/ and GET /company-logo/{id} (decision 028): raster
// images by content only, re-encoded without metadata, bombs refused from the header, and the
// logo served with its version, ETag and nosniff under the company scope.
let api: TestApi
let dealerToken: string
let carpenterToken: string
beforeAll(async () => {
  api = await startApi()
  dealerToken = await api.loginAs(DEMO_ACCOUNTS.dealer.username)
  carpenterToken = await api.loginAs(DEMO_ACCOUNTS.carpenter.username)
})
afterAll(() => api.close())

const { dealer, carpenter, staff } = DEMO_ACCOUNTS

async function upload(bytes: Uint8Array<ArrayBuffer> | string, name: string, { id = carpenter.companyId, token = carpenterToken, type = '' } = {}) {
  const document = documentOf(await info(api, token, id))
  return editCompany(api, id, editForm(document, { bytes, name, type }), { token })
}

async function storedLogo(id: number) {
  const [row] = await api.database.db.select({ logo: companies.logo, mime: companies.logoMime }).from(companies).where(eq(companies.id, id))
  return { bytes: row?.logo ? Buffer.from(row.logo) : null, mime: row?.mime ?? null }
}

async function refused(status: number, bytes: Uint8Array<ArrayBuffer> | string, name: string, type = '') {
  const before = await companyState(api, carpenter.companyId)
  const result = await upload(bytes, name, { type })
  expect(result.httpStatus, result.messages.join()).toBe(status)
  expect(await companyState(api, carpenter.companyId)).toBe(before)
  expect(Object.keys(companyEditProblems.parse(result.failure).fields)).toEqual(['logo'])
  return result
}

function getLogo(
  id: number | string,
  { token, cookie, ifNoneMatch, version }: { token?: string; cookie?: string; ifNoneMatch?: string; version?: string } = {},
) {
  const headers = new Headers()
  if (token) headers.set('authorization', `JWT ${token}`)
  if (ifNoneMatch) headers.set('if-none-match', ifNoneMatch)
  const url = `http://localhost/company-logo/${id}${version ? `?v=${version}` : ''}`
  return answerCompanyLogo({ request: new Request(url, { headers }), id: String(id), cookieToken: cookie ?? null, locale: 'en' })
}

describe('the logo of POST /vue/company/{id}/edit/', () => {
  it('keeps a PNG re-encoded, names its URL, and writes the audit log — for a user without CAN_CREATE_COMPANIES too', async () => {
    const result = await upload(await png(64, 48), 'logo.png', { type: 'image/png' })
    expect(result.httpStatus, result.messages.join()).toBe(200)
    const data = result.data
    expect(data.changed).toEqual(['logo'])
    expect(data.logo).toMatch(new RegExp(`^/company-logo/${carpenter.companyId}\\?v=[\\w-]{16}$`))
    const stored = await storedLogo(carpenter.companyId)
    expect(stored.mime).toBe('image/png')
    expect((await sharp(stored.bytes!).metadata()).format).toBe('png')
    const company = await info(api, carpenterToken, carpenter.companyId)
    expect(company.logo).toBe(data.logo)
    expect(company.logo_image).toMatch(/^data:image\/png;base64,/)
    const [entry] = await api.database.db.select().from(auditLog).where(eq(auditLog.action, 'company_edit')).orderBy(desc(auditLog.id)).limit(1)
    expect(entry).toMatchObject({ actorUserId: carpenter.userId, actingAsUserId: null, entityId: String(carpenter.companyId) })
    expect(entry?.details).toMatchObject({ logo: { mime: 'image/png', to: data.logo?.split('v=')[1] } })
  })

  it('goes by content: PNG bytes named .jpg and sent as image/jpeg are a PNG', async () => {
    expect((await upload(await png(), 'photo.jpg', { type: 'image/jpeg' })).httpStatus).toBe(200)
    expect((await storedLogo(carpenter.companyId)).mime).toBe('image/png')
  })

  it('goes by content: a JPEG named .png is a JPEG; a WebP is kept as WebP', async () => {
    expect((await upload(await jpegWithExif(), 'logo.png', { type: 'image/png' })).httpStatus).toBe(200)
    expect((await storedLogo(carpenter.companyId)).mime).toBe('image/jpeg')
    expect((await upload(await webp(), 'logo.bin', { type: 'application/octet-stream' })).httpStatus).toBe(200)
    expect((await storedLogo(carpenter.companyId)).mime).toBe('image/webp')
  })

  it('strips the metadata: a JPEG with EXIF (name, copyright, GPS) is kept without any of it', async () => {
    const original = await jpegWithExif()
    expect((await sharp(original).metadata()).exif).toBeDefined()
    expect(Buffer.from(original).includes('Jane Secret')).toBe(true)
    expect((await upload(original, 'camera.jpg')).httpStatus).toBe(200)
    const stored = (await storedLogo(carpenter.companyId)).bytes!
    const metadata = await sharp(stored).metadata()
    expect(metadata.exif).toBeUndefined()
    expect(metadata.icc).toBeUndefined()
    expect(metadata.xmp).toBeUndefined()
    for (const secret of ['Jane Secret', 'Secret Copyright', 'Secret description', 'GPS', 'Exif']) expect(stored.includes(secret), secret).toBe(false)
  })

  it('scales a large logo down to 512 pixels on its longest side', async () => {
    expect((await upload(await png(1600, 400), 'wide.png')).httpStatus).toBe(200)
    const metadata = await sharp((await storedLogo(carpenter.companyId)).bytes!).metadata()
    expect([metadata.width, metadata.height]).toEqual([512, 128])
  })

  it('refuses a logo over 1 MB with 413, naming both sizes', async () => {
    const big = new Uint8Array(1_048_576 + 20_000)
    big.set(await png())
    const result = await refused(413, big, 'big.png')
    expect(result.messages).toEqual(['The logo is too big: 1.02 MB; at most 1.00 MB are allowed.'])
  })

  it('refuses a request far over the limit with 413 before the handler', async () => {
    const before = await companyState(api, carpenter.companyId)
    const result = await upload(new Uint8Array(3 * 1_048_576), 'huge.png')
    expect(result.httpStatus).toBe(413)
    expect(await companyState(api, carpenter.companyId)).toBe(before)
  })

  it.each([
    ['text named .png', 'just some text, no image', 'logo.png', 'image/png'],
    ['a PDF', '%PDF-1.7\n1 0 obj\n<<>>\nendobj\n', 'logo.pdf', 'application/pdf'],
    ['an empty file with a name', '', 'empty.png', 'image/png'],
    ['a GIF', 'GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'logo.gif', 'image/gif'],
  ])('refuses %s: not an image', async (_, bytes, name, type) => {
    const result = await refused(400, bytes, name, type)
    expect(result.messages).toEqual(['This file is not an image. Please choose a PNG, JPEG or WebP image.'])
  })

  it.each([
    ['with script', SVG_WITH_SCRIPT],
    ['without script', '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'],
    ['behind a BOM, a comment and a doctype', '\uFEFF<!-- logo --><!DOCTYPE svg><svg width="1" height="1"></svg>'],
  ])('refuses an SVG %s, also named .png', async (_, svg) => {
    const result = await refused(400, svg, 'logo.png', 'image/png')
    expect(result.messages).toEqual(['An SVG file cannot be a logo. Please choose a PNG, JPEG or WebP image.'])
  })

  it('refuses a decompression bomb (a tiny PNG declaring 50,000 × 50,000 pixels) from its header', async () => {
    const bomb = bombPng(50_000, 50_000)
    expect(bomb.byteLength).toBeLessThan(200_000)
    const result = await refused(400, bomb, 'bomb.png')
    expect(result.messages).toEqual(['The image is 50000 × 50000 pixels; at most 25 megapixels are allowed.'])
  })

  it('refuses an image whose pixels do not decode (a PNG cut short)', async () => {
    const whole = await png(200, 200)
    const result = await refused(400, whole.slice(0, 60), 'cut.png')
    expect(result.messages[0]).toMatch(/^This image cannot be read/)
  })

  it('removes the logo with remove_logo, and a form without a file keeps it', async () => {
    expect((await upload(await png(), 'logo.png')).httpStatus).toBe(200)
    const document = documentOf(await info(api, carpenterToken, carpenter.companyId))
    const empty = editForm(document, { bytes: '', name: '' })
    const kept = await editCompany(api, carpenter.companyId, empty, { token: carpenterToken })
    expect(kept.data.changed).toEqual([])
    const removed = await editCompany(api, carpenter.companyId, editForm({ ...document, remove_logo: true }), { token: carpenterToken })
    expect(removed.data).toMatchObject({ changed: ['logo'], logo: null })
    expect(await storedLogo(carpenter.companyId)).toEqual({ bytes: null, mime: null })
    expect((await info(api, carpenterToken, carpenter.companyId)).logo).toBeNull()
  })
})

describe('GET /company-logo/{id}', () => {
  it('serves the logo with its type, nosniff, ETag and caching by version', async () => {
    const saved = (await upload(await png(30, 30), 'logo.png')).data
    const version = saved.logo!.split('v=')[1]!
    const response = await getLogo(carpenter.companyId, { cookie: carpenterToken, version })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('etag')).toBe(`"${version}"`)
    expect(response.headers.get('cache-control')).toBe('private, max-age=31536000, immutable')
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(Buffer.from(await response.arrayBuffer())).toEqual((await storedLogo(carpenter.companyId)).bytes)
    const plain = await getLogo(carpenter.companyId, { token: carpenterToken })
    expect(plain.headers.get('cache-control')).toBe('private, no-cache')
    const again = await getLogo(carpenter.companyId, { token: carpenterToken, ifNoneMatch: `"${version}"` })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
  })

  it('keeps the scope: the dealer sees a sub-company’s logo, not a sibling dealer’s; the carpenter not its dealer’s', async () => {
    expect((await getLogo(carpenter.companyId, { token: dealerToken })).status).toBe(200)
    const sibling = await siblingDealerCompany(api, dealer.companyId, staff.companyId)
    const foreign = await getLogo(sibling, { token: dealerToken })
    expect(foreign.status).toBe(403)
    expect(foreign.headers.get('content-type')).toContain('application/json')
    expect(await foreign.json()).toEqual({ status: false, messages: ['You are not allowed to access this company.'] })
    expect((await getLogo(dealer.companyId, { token: carpenterToken })).status).toBe(403)
  })

  it('answers 401 without a token, 400 for a bad id, 404 for a company without a logo', async () => {
    expect((await getLogo(carpenter.companyId)).status).toBe(401)
    expect((await getLogo('abc', { token: dealerToken })).status).toBe(400)
    const document = documentOf(await info(api, dealerToken, DEMO_ACCOUNTS.industry.companyId))
    await editCompany(api, DEMO_ACCOUNTS.industry.companyId, editForm({ ...document, remove_logo: true }), { token: dealerToken })
    const none = await getLogo(DEMO_ACCOUNTS.industry.companyId, { token: dealerToken })
    expect(none.status).toBe(404)
    expect(await none.json()).toEqual({ status: false, messages: ['This company has no logo.'] })
  })
})
