import { and, desc, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { activity, baskets, companyTree, texts } from '../../src/server/db/schema/index'
import { DEMO_ACCOUNTS, DEMO_COMPANY_IDS } from '../../src/server/seed/demo-accounts'
import { addressCreateEndpoint, addressEditEndpoint } from '../../src/contract/delivery'
import { basketApproveEndpoint } from '../../src/contract/orders'
import { contactDetailEndpoint, contactEditEndpoint } from '../../src/contract/contacts'
import { glossaryCreateEndpoint, glossaryDeleteEndpoint, glossaryUpdateEndpoint } from '../../src/contract/glossary'
import { reviewEndpoint } from '../../src/contract/translation-team'
import { saveEndpoint } from '../../src/contract/translation-save'
import { startApi, type TestApi } from '../helpers/api'
import { unchecked } from '../helpers/endpoint-call'

// What the handlers add to the trail's row of their call (decision 053): the basket and its
// status before → after, counts (never rows or texts) for uploads, imports, saves and reviews,
// the glossary entry's fields before → after.
let api: TestApi
beforeAll(async () => {
  api = await startApi()
})
afterAll(() => api.close())

const { dealer, staff, translator, carpenter } = DEMO_ACCOUNTS
const db = () => api.database.db

async function lastRow(action: string) {
  const [row] = await db().select().from(activity).where(eq(activity.action, action)).orderBy(desc(activity.id)).limit(1)
  if (!row) throw new Error(`no trail row for ${action}`)
  return row
}

describe('the trail’s row of a write names what it changed', () => {
  it('a basket approval: the basket, its status and approval number before → after', async () => {
    const dealerPath = `/${DEMO_COMPANY_IDS.supplier}/${DEMO_COMPANY_IDS.dealer}/%`
    const [found] = await db()
      .select({ basket: baskets })
      .from(baskets)
      .innerJoin(companyTree, eq(companyTree.companyId, baskets.companyId))
      .where(and(eq(baskets.status, 2), like(companyTree.path, dealerPath)))
      .limit(1)
    const basket = found!.basket
    await db().update(baskets).set({ placedByUserId: carpenter.userId }).where(eq(baskets.id, basket.id))
    const token = await api.loginAs(dealer.username)
    const result = await api.call(basketApproveEndpoint, { basket: basket.basketNumber, approvalNumber: 'FRG-9' }, { token })
    expect(result.httpStatus, result.messages.join()).toBe(200)
    expect(await lastRow('orders.approve')).toMatchObject({
      actorUserId: dealer.userId,
      companyId: basket.companyId,
      target: `basket ${basket.basketNumber}`,
      changes: { status: [2, 3], approval_number: [basket.approvalNumber, 'FRG-9'] },
    })
  })

  it('a price upload: counts, not rows', async () => {
    const token = await api.loginAs(staff.username)
    const form = new FormData()
    form.set(
      'prices',
      new File(['article_uid;article_type;price;currency;valid_from\r\nTRAIL-1;GRIFF;12,50;EUR;\r\nTRAIL-2;GRIFF;3,00;EUR;\r\n'], 'prices.csv', {
        type: 'text/csv',
      }),
    )
    const result = await api.request('POST', '/vue/price/upload/?dry_run=0', { token, form })
    expect(result.httpStatus, result.messages.join()).toBe(200)
    const row = await lastRow('priceUpload')
    expect(row.details).toMatchObject({ dry_run: false, rows: 2, new: 2, changed: 0, unchanged: 0 })
    expect(row.target).toMatch(/^price log \d+$/)
    expect(JSON.stringify(row)).not.toContain('TRAIL-1')
  })

  it('a translation save and a review: counts per language, not the texts', async () => {
    const [text] = await db().select({ key: texts.key }).from(texts).where(eq(texts.kind, 'system')).limit(2)
    const key = text!.key
    const token = await api.loginAs(translator.username)
    const saved = await api.call(
      saveEndpoint,
      { kind: 'system', languages: { fr: ['', { [key]: 'Texte de la piste' }] }, changes: { fr: [key] }, pid2trus: {} },
      { token },
    )
    expect(saved.httpStatus, saved.messages.join()).toBe(200)
    const saveRow = await lastRow('translation.save')
    expect(saveRow).toMatchObject({ target: 'system', details: { saved: { fr: 1 } } })
    expect(JSON.stringify(saveRow)).not.toContain('Texte de la piste')
    const reviewer = await api.loginAs(DEMO_ACCOUNTS.reviewer.username)
    const reviewed = await api.call(reviewEndpoint, { kind: 'system', lang: 'fr', keys: [key], state: 'approved' }, { token: reviewer })
    expect(reviewed.httpStatus, reviewed.messages.join()).toBe(200)
    expect(await lastRow('translation.review')).toMatchObject({ target: 'system', details: { state: 'approved', reviewed: { fr: 1 }, skipped: 0 } })
  })

  it('a contact edit: each changed field before → after, by its API name', async () => {
    const token = await api.loginAs(staff.username)
    const detail = z.record(z.string(), z.unknown()).parse((await api.call(contactDetailEndpoint, { id: carpenter.userId }, { token })).data)
    const edited = await api.call(contactEditEndpoint, unchecked({ id: carpenter.userId, ...detail, last_name: 'Spurmann' }), { token })
    expect(edited.httpStatus, edited.messages.join()).toBe(200)
    expect(await lastRow('contacts.edit')).toMatchObject({ target: `user ${carpenter.userId}`, changes: { last_name: [detail.last_name, 'Spurmann'] } })
  })

  it('an address edit: each changed field before → after', async () => {
    const token = await api.loginAs(carpenter.username)
    const created = await api.call(
      addressCreateEndpoint,
      { cid: carpenter.companyId, name1: 'Spurwerk GmbH', address1: 'Spurweg 1', zip: '80331', city: 'München', country: 'DE', phone: '+49 89 123456' },
      { token },
    )
    expect(created.httpStatus, created.messages.join()).toBe(200)
    const id = z.object({ address: z.object({ id: z.number() }) }).parse(created.data).address.id
    const edited = await api.call(addressEditEndpoint, { cid: carpenter.companyId, id, name1: 'Spurwerk GmbH', phone: '+49 89 654321' }, { token })
    expect(edited.httpStatus, edited.messages.join()).toBe(200)
    expect(await lastRow('delivery.edit')).toMatchObject({ target: `delivery_address ${id}`, changes: { phone: ['+49 89 123456', '+49 89 654321'] } })
  })

  it('a glossary entry: created, changed (fields before → after), deleted', async () => {
    const token = await api.loginAs(translator.username)
    const created = await api.call(glossaryCreateEndpoint, { term: 'Spurschrank', language: 'fr', translation: 'armoire' }, { token })
    expect(created.httpStatus, created.messages.join()).toBe(200)
    const id = z.object({ term: z.object({ id: z.number() }) }).parse(created.data).term.id
    expect(await lastRow('translation.glossaryCreate')).toMatchObject({ target: `glossary ${id}: Spurschrank` })
    const updated = await api.call(glossaryUpdateEndpoint, { id, translation: 'armoire à pistes' }, { token })
    expect(updated.httpStatus, updated.messages.join()).toBe(200)
    expect(await lastRow('translation.glossaryUpdate')).toMatchObject({ changes: { translation: ['armoire', 'armoire à pistes'] } })
    expect((await api.call(glossaryDeleteEndpoint, { id }, { token })).httpStatus).toBe(200)
    expect(await lastRow('translation.glossaryDelete')).toMatchObject({ target: `glossary ${id}: Spurschrank` })
  })
})
