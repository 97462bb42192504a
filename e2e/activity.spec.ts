import { z } from 'zod'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { expect, followLink, openHydrated, signIn, test } from './fixtures'
import { vueLogin } from './vue-api'
import { vueCall } from './vue-call'

// The activity screen (decision 053): a dealer admin reads their companies' trail, narrows it by
// the filters in the URL, and a colleague opening that URL sees the same rows.
const { dealer, carpenter, staff } = DEMO_ACCOUNTS

test('a dealer admin reads the trail, filters it by the keyboard, and the URL carries the filter', async ({ page, baseURL }) => {
  // Something to read: a refused and a successful sign-in of a person in the dealer's companies.
  await vueLogin(baseURL!, carpenter.username)
  await signIn(page, dealer.username)
  // The colleague signs in first: their sign-in is a row of the trail too.
  const colleague = await page.context().browser()!.newContext()
  const other = await colleague.newPage()
  await signIn(other, dealer.username)
  await openHydrated(page, '/activity')
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible()
  const table = page.getByRole('table', { name: 'Activity' })
  await expect(table.getByRole('cell', { name: carpenter.username }).first()).toBeVisible()
  // No row of a company outside the dealer's.
  await expect(table.getByRole('cell', { name: staff.username })).toHaveCount(0)

  await page.getByRole('searchbox', { name: 'Action' }).focus()
  await page.keyboard.type('session.login')
  await expect(page).toHaveURL(/action=session\.login/)
  await expect(table.getByRole('cell', { name: 'session.login' }).first()).toBeVisible()
  const shared = page.url()

  // A colleague opens the shared link: the same filter, the same first row.
  try {
    await openHydrated(other, shared)
    await expect(other.getByRole('searchbox', { name: 'Action' })).toHaveValue('session.login')
    const first = (await table.getByRole('row').nth(1).textContent()) ?? ''
    await expect(other.getByRole('table', { name: 'Activity' }).getByRole('row').nth(1)).toHaveText(first)
  } finally {
    await colleague.close()
  }
})

test("a contact's row links to its trail: the Activity screen filtered to that contact, the filter shown and taken away", async ({ page, baseURL }) => {
  // A contact of the carpenter's company with a trail of its own: created, then renamed.
  const { jwt } = await vueLogin(baseURL!, dealer.username)
  const email = `trail-${Date.now()}@demo.example`
  const created = await vueCall(baseURL!, 'POST', `/vue/company/${carpenter.companyId}/create/contact/`, jwt, {
    email,
    first_name: 'Tilda',
    last_name: 'Trail',
  })
  expect(created.http, created.messages.join(' ')).toBe(200)
  const id = z.object({ id: z.number() }).parse(created.data).id
  const renamed = await vueCall(baseURL!, 'POST', `/vue/contact/${id}/edit/`, jwt, { email, first_name: 'Tilda', last_name: 'Trail-Weg' })
  expect(renamed.http, renamed.messages.join(' ')).toBe(200)

  await signIn(page, dealer.username)
  await openHydrated(page, `/overview-contacts?cid=${carpenter.companyId}&search=${encodeURIComponent(email)}`)
  await followLink(page, page.getByRole('link', { name: 'Activity of Tilda Trail-Weg' }))
  await expect(page).toHaveURL(new RegExp(`/activity\\?company=${carpenter.companyId}&target=user(\\+|%20)${id}$`))
  await expect(page.getByText(`Only the entries on user ${id}`)).toBeVisible()
  const table = page.getByRole('table', { name: 'Activity' })
  // Its two rows, newest first, and no other record's.
  await expect(table.getByRole('row')).toHaveCount(3)
  await expect(table.getByRole('row').nth(1)).toContainText('contacts.edit')
  await expect(table.getByRole('row').nth(2)).toContainText('contacts.create')
  await expect(table.getByRole('cell', { name: `user ${id}`, exact: true })).toHaveCount(2)

  // The filter taken away: the company's trail, the contact's rows among others.
  await page.getByRole('button', { name: `Remove this filter: entries on user ${id}` }).click()
  await expect(page).toHaveURL(new RegExp(`/activity\\?company=${carpenter.companyId}$`))
  await expect(page.getByText(`Only the entries on user ${id}`)).toHaveCount(0)
  await expect(table.getByRole('cell', { name: `user ${id}`, exact: true })).toHaveCount(2)
  await expect(page.getByRole('button', { name: 'Show all activity' })).toBeVisible()
})

test('a person without IS_DEALER_ADMIN is told the screen is not theirs', async ({ page }) => {
  await signIn(page, carpenter.username)
  await openHydrated(page, '/activity')
  await expect(page.getByRole('table', { name: 'Activity' })).toHaveCount(0)
  await expect(page.getByRole('main')).toContainText(/permission|not allowed|may not/i)
})
