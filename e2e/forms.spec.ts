import type { Page } from '@playwright/test'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/server/seed/demo-accounts'
import { expect, openHydrated, test, signIn } from './fixtures'

// The forms layer (decision 025) as a user meets it, in both languages: an empty required field
// is named on that field and gets focus, a broken rule is named, the server's refusal lands on
// the field or the form, and a quick double submit sends once.
const { staff } = DEMO_ACCOUNTS

const WORDS = {
  en: {
    username: 'Username',
    password: 'Password',
    login: 'Log in',
    usernameRequired: 'Username is a required field.',
    passwordShort: 'The password must be at least 8 characters long.',
    loginFailed: 'The username or password is wrong.',
    email: 'E-mail',
    switch: 'Switch',
    reason: 'Reason',
    reasonText: 'Support request',
    emailRequired: 'Please enter the e-mail address of the user to work as.',
    emailShort: 'The e-mail address has at least 8 characters.',
    noUser: 'There is no active user with the e-mail address nobody-here@demo.example.',
    basket: 'Basket number',
    reset: 'Reset',
    basketRequired: 'Please enter the basket number.',
    digits: 'may contain digits only',
    approval: 'Approval number',
    approve: 'Approve',
    approveRow: /^Approve basket \d+$/,
    approvalRequired: 'Please enter the approval number.',
    xml: 'XML file',
    import: 'Import',
    fileRequired: 'Please choose a file.',
    choose: 'Choose file …',
  },
  de: {
    username: 'Benutzername',
    password: 'Passwort',
    login: 'Anmelden',
    usernameRequired: 'Benutzername ist ein Pflichtfeld.',
    passwordShort: 'Das Passwort muss mindestens 8 Zeichen lang sein.',
    loginFailed: 'Benutzername oder Passwort ist falsch.',
    email: 'E-Mail',
    switch: 'Wechseln',
    reason: 'Grund',
    reasonText: 'Support-Anfrage',
    emailRequired: 'Bitte geben Sie die E-Mail-Adresse des Benutzers ein, als der Sie arbeiten möchten.',
    emailShort: 'mindestens 8 Zeichen',
    noUser: 'nobody-here@demo.example',
    basket: 'Warenkorbnummer',
    reset: 'Zurücksetzen',
    basketRequired: 'Bitte geben Sie die Warenkorbnummer ein.',
    digits: 'nur Ziffern',
    approval: 'Freigabenummer',
    approve: 'Freigeben',
    approveRow: /^Warenkorb \d+ freigeben$/,
    approvalRequired: 'Bitte geben Sie die Freigabenummer ein.',
    xml: 'XML-Datei',
    import: 'Importieren',
    fileRequired: 'Bitte wählen Sie eine Datei aus.',
    choose: 'Datei wählen …',
  },
} as const

async function useLanguage(page: Page, locale: 'de' | 'en', baseURL: string | undefined) {
  await page.context().addCookies([{ name: 'PARAGLIDE_LOCALE', value: locale, url: baseURL ?? 'http://localhost:3100' }])
}

/** Signed in as staff, in the language, on the page. */
async function openAsStaff(page: Page, locale: 'de' | 'en', baseURL: string | undefined, path: string) {
  await useLanguage(page, locale, baseURL)
  await signIn(page, staff.username)
  await openHydrated(page, path)
}

/** POST requests whose URL contains `part`, from now on. */
function countPosts(page: Page, part: string): { count: () => number } {
  let count = 0
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes(part)) count += 1
  })
  return { count: () => count }
}

for (const locale of ['en', 'de'] as const) {
  const words = WORDS[locale]

  test(`login form in ${locale}: required and too short on their fields with focus, a refusal on the form, one request per double click`, async ({
    page,
    baseURL,
  }) => {
    await useLanguage(page, locale, baseURL)
    await openHydrated(page, '/login')
    const username = page.getByLabel(words.username, { exact: true })
    const password = page.getByLabel(words.password, { exact: true })
    const submit = page.getByRole('button', { name: words.login, exact: true })
    await submit.click()
    await expect(username).toHaveAccessibleDescription(words.usernameRequired)
    await expect(username).toHaveAttribute('aria-invalid', 'true')
    await expect(username).toBeFocused()
    await username.fill(`nobody-${locale}@demo.example`)
    await expect(username).not.toHaveAttribute('aria-invalid', 'true')
    await password.fill('short')
    await password.press('Enter')
    await expect(password).toHaveAccessibleDescription(words.passwordShort)
    await expect(password).toBeFocused()
    // A wrong password: the server's words on the form; a double click sends once.
    await password.fill('wrong-password-1')
    const posts = countPosts(page, '/_serverFn/')
    await submit.dblclick()
    await expect(page.locator('form').getByRole('alert')).toHaveText(words.loginFailed)
    expect(posts.count()).toBe(1)
    // The right password signs in.
    await username.fill(staff.username)
    await password.fill(DEMO_PASSWORD)
    await submit.click()
    await expect(page.getByRole('button', { name: new RegExp(` ${staff.username}$`) })).toBeVisible()
  })

  test(`switch-user form in ${locale}: required with focus, too short, the server's refusal on the address, one request per double click`, async ({
    page,
    baseURL,
  }) => {
    await openAsStaff(page, locale, baseURL, '/switch-user')
    const email = page.getByLabel(words.email, { exact: true })
    const submit = page.getByRole('button', { name: words.switch, exact: true })
    await page.getByLabel(words.reason, { exact: true }).fill(words.reasonText)
    await submit.click()
    await expect(email).toHaveAccessibleDescription(words.emailRequired)
    await expect(email).toBeFocused()
    await email.fill('a@b.de')
    await email.press('Enter')
    await expect(email).toHaveAccessibleDescription(new RegExp(words.emailShort))
    await email.fill('nobody-here@demo.example')
    const posts = countPosts(page, '/_serverFn/')
    await submit.dblclick()
    await expect(email).toHaveAccessibleDescription(new RegExp(words.noUser))
    await expect(email).toBeFocused()
    expect(posts.count()).toBe(1)
  })

  test(`order-reset form in ${locale}: required with focus, the rule, the server's refusal on the number, asked once per double click`, async ({
    page,
    baseURL,
  }) => {
    await openAsStaff(page, locale, baseURL, '/order-reset')
    const number = page.getByLabel(words.basket, { exact: true })
    const submit = page.getByRole('button', { name: words.reset, exact: true })
    await submit.click()
    await expect(number).toHaveAccessibleDescription(new RegExp(words.basketRequired))
    await expect(number).toBeFocused()
    await number.fill('12a4')
    await number.press('Enter')
    await expect(number).toHaveAccessibleDescription(new RegExp(words.digits))
    await number.fill('99000001')
    await submit.dblclick()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toHaveCount(1)
    const posts = countPosts(page, '/_serverFn/')
    await dialog.getByRole('button', { name: words.reset, exact: true }).click()
    await expect(number).toHaveAccessibleDescription(/99000001/)
    await expect(number).toHaveAttribute('aria-invalid', 'true')
    expect(posts.count()).toBe(1)
    // A change takes the server's refusal away.
    await number.fill('990000012')
    await expect(number).not.toHaveAccessibleDescription(/99000001\b/)
  })

  test(`approval dialog in ${locale}: required with focus, Esc closes and gives focus back, Enter sends once`, async ({ page, baseURL }) => {
    await openAsStaff(page, locale, baseURL, '/order-approve')
    const approve = page.getByRole('button', { name: words.approveRow }).first()
    const label = (await approve.getAttribute('aria-label')) ?? ''
    await approve.click()
    const dialog = page.getByRole('dialog', { name: label })
    const input = dialog.getByLabel(words.approval, { exact: true })
    await expect(input).toBeFocused()
    await dialog.getByRole('button', { name: words.approve, exact: true }).click()
    await expect(dialog.getByRole('alert')).toHaveText(words.approvalRequired)
    await expect(input).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    // Focus goes back to the row's button the dialog came from.
    await expect(approve).toBeFocused()
    await approve.click()
    await dialog.getByLabel(words.approval, { exact: true }).fill(`FRG-FORMS-${locale}`)
    const posts = countPosts(page, '/_serverFn/')
    await dialog.getByRole('button', { name: words.approve, exact: true }).dblclick()
    await expect(dialog).toBeHidden()
    expect(posts.count()).toBe(1)
  })

  test(`vartext upload form in ${locale}: no file is named on the field with focus, a chosen file shows name, size and type, one import per double click`, async ({
    page,
    baseURL,
  }) => {
    await openAsStaff(page, locale, baseURL, '/upload-files')
    const submit = page.getByRole('button', { name: words.import, exact: true })
    await submit.click()
    const trigger = page.getByRole('button', { name: words.choose }).last()
    await expect(trigger).toBeFocused()
    await expect(page.getByText(words.fileRequired)).toBeVisible()
    await page
      .locator('input[type=file]')
      .last()
      .setInputFiles({ name: 'texte.xml', mimeType: 'text/xml', buffer: Buffer.from('<broken') })
    await expect(page.getByTestId('file-preview').last()).toContainText(/texte\.xml · 7 (bytes|Byte) · text\/xml/)
    await expect(page.getByText(words.fileRequired)).toHaveCount(0)
    const posts = countPosts(page, '/upload/vartext')
    await submit.dblclick()
    await expect(page.getByRole('alert').filter({ hasText: /Nothing was imported|Nichts wurde importiert/ })).toBeVisible()
    expect(posts.count()).toBe(1)
  })
}

test.describe('before the script has loaded', () => {
  test.use({ javaScriptEnabled: false })

  test('the login form sends by POST: the password never lands in the address, the history or a log', async ({ page, baseURL }) => {
    await useLanguage(page, 'en', baseURL)
    await page.goto('/login')
    await page.getByLabel(WORDS.en.username, { exact: true }).fill(staff.username)
    await page.getByLabel(WORDS.en.password, { exact: true }).fill(DEMO_PASSWORD)
    const sent = page.waitForRequest((request) => request.isNavigationRequest() && request.url().includes('/login'))
    const answered = page.waitForResponse((response) => response.request().isNavigationRequest())
    await page.getByLabel(WORDS.en.password, { exact: true }).press('Enter')
    expect((await sent).method()).toBe('POST')
    expect((await answered).status()).toBeLessThan(500)
    await page.waitForLoadState()
    expect(page.url()).not.toContain(encodeURIComponent(DEMO_PASSWORD))
    expect(page.url()).not.toContain('password')
    // The page is shown again, to be used once its script runs.
    await expect(page.getByLabel(WORDS.en.password, { exact: true })).toBeVisible()
  })
})
