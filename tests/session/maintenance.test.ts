import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { countryCodesEndpoint, maintenanceEndpoint, shopUrlEndpoint } from '../../src/contract/session'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import { writeMaintenance } from '../../src/server/services/session/maintenance.server'
import { startApi, type TestApi } from '../helpers/api'

let api: TestApi
beforeAll(async () => {
  api = await startApi()
})
afterAll(() => api.close())

describe('GET /vue/maintenance/', () => {
  it('answers the settings without a token', async () => {
    const result = await api.call(maintenanceEndpoint)
    expect(result.httpStatus).toBe(200)
    const data = result.data
    expect(data).toMatchObject({ jwt: null, sent_created: null, login_allowed: true, test_login_allowed: true, flash_text: '', shop_url: null })
  })

  it('echoes a valid token and when it was created', async () => {
    const token = await api.loginAs(DEMO_ACCOUNTS.carpenter.username)
    const data = (await api.call(maintenanceEndpoint, {}, { token })).data
    expect(data.jwt).toBe(token)
    expect(Date.now() - Date.parse(z.string().parse(data.sent_created))).toBeLessThan(60_000)
  })

  it('ignores an invalid token instead of failing', async () => {
    const result = await api.call(maintenanceEndpoint, {}, { token: 'not.a.token' })
    expect(result.httpStatus).toBe(200)
    expect(result.data.jwt).toBeNull()
  })

  it('reflects the stored settings', async () => {
    await writeMaintenance(api.database.db, { loginAllowed: false, flashText: 'Wartung ab 18 Uhr', shopUrl: 'https://shop.example/' }, Date.now())
    const data = (await api.call(maintenanceEndpoint)).data
    expect(data).toMatchObject({ login_allowed: false, flash_text: 'Wartung ab 18 Uhr', shop_url: 'https://shop.example/' })
    await writeMaintenance(api.database.db, { loginAllowed: true, flashText: '', shopUrl: null }, Date.now())
  })

  it('names the door site subdomain on the door host', async () => {
    const data = (await api.call(maintenanceEndpoint, {}, { headers: { host: 'doors.localhost:3000' } })).data
    expect(data.subdomain).toBe('doors')
  })
})

describe('GET /vue/shop-url/', () => {
  it('answers the shop entry of the caller’s company', async () => {
    const token = await api.loginAs(DEMO_ACCOUNTS.carpenter.username)
    const result = await api.call(shopUrlEndpoint, {}, { token })
    expect(result.httpStatus).toBe(200)
    expect(result.data).toEqual({ login_url: `http://localhost/dealer/company/${DEMO_ACCOUNTS.carpenter.companyId}/shop/` })
  })

  it('needs a token', async () => {
    expect((await api.call(shopUrlEndpoint)).httpStatus).toBe(401)
  })

  it('lets a dealer admin shop as a sub-company (use as)', async () => {
    const token = await api.loginAs(DEMO_ACCOUNTS.dealer.username)
    const result = await api.call(shopUrlEndpoint, { cid: DEMO_ACCOUNTS.carpenter.companyId }, { token })
    expect(result.httpStatus).toBe(200)
    expect(result.data).toEqual({ login_url: `http://localhost/dealer/company/${DEMO_ACCOUNTS.carpenter.companyId}/shop/` })
  })

  it('refuses a company outside the caller’s scope', async () => {
    const dealer = await api.loginAs(DEMO_ACCOUNTS.dealer.username)
    const outside = await api.call(shopUrlEndpoint, { cid: DEMO_ACCOUNTS.staff.companyId }, { token: dealer })
    expect(outside.httpStatus).toBe(403)
    expect(outside.status).toBe(false)
    const carpenter = await api.loginAs(DEMO_ACCOUNTS.carpenter.username)
    const parent = await api.call(shopUrlEndpoint, { cid: DEMO_ACCOUNTS.dealer.companyId }, { token: carpenter })
    expect(parent.httpStatus).toBe(403)
  })

  it('answers 400 for a cid that is not a company id', async () => {
    const token = await api.loginAs(DEMO_ACCOUNTS.dealer.username)
    const result = await api.call(shopUrlEndpoint, { cid: 'abc' }, { token })
    expect(result.httpStatus).toBe(400)
    expect(result.messages.length).toBeGreaterThan(0)
  })
})

describe('GET /vue/country-codes/', () => {
  it('answers [code, label] pairs in the caller’s language', async () => {
    const en = z.object({ country_choices: z.array(z.tuple([z.string(), z.string()])) }).parse((await api.call(countryCodesEndpoint)).data)
    const de = z
      .object({ country_choices: z.array(z.tuple([z.string(), z.string()])) })
      .parse((await api.call(countryCodesEndpoint, {}, { locale: 'de' })).data)
    expect(en.country_choices.find(([code]) => code === 'DE')?.[1]).toBe('Germany')
    expect(de.country_choices.find(([code]) => code === 'DE')?.[1]).toBe('Deutschland')
  })
})
