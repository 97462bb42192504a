import type { Page } from '@playwright/test'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import {
  expect,
  followLink,
  login,
  openHydrated,
  projectPort,
  rowMenuButton,
  seriousViolations,
  test,
  signIn,
  tooltipDelayMs,
  AXE_WIDTH,
  pressInMenu,
} from './fixtures'

// The companies tree (decision 027) as the demo dealer uses it: the landing after login, the
// search (hits opened and marked; no hits → the info toast), the keyboard, browse, and shop as
// a company with several lines (→ select-line) and with one line (→ toast → shop).
const { dealer, carpenter, industry } = DEMO_ACCOUNTS
const tree = (page: Page) => page.getByRole('tree', { name: /^(Company tree|Unternehmensbaum)$/ })
const row = (page: Page, name: string) =>
  tree(page)
    .getByRole('treeitem')
    .filter({ has: page.getByText(name, { exact: true }) })
const toast = (page: Page, text: string) => page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: text })
const focused = (page: Page) => page.locator(':focus')

async function landAsDealer(page: Page) {
  await login(page, dealer.username)
  await expect(page).toHaveURL(new RegExp(`/companies/${dealer.companyId}$`))
  await expect(tree(page)).toBeVisible()
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
}

test('the dealer lands on the tree of the own company and finds companies by three letters of a city', async ({ page }) => {
  await landAsDealer(page)
  await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible()
  await expect(page.getByText('Companies below Holzhandel Brenner GmbH & Co. KG')).toBeVisible()
  await expect(page).toHaveTitle('Companies · Hollerbach Partner Portal')
  await expect(row(page, 'Holzhandel Brenner GmbH & Co. KG')).toHaveAttribute('aria-expanded', 'true')
  await expect(row(page, 'Schreinerei Maurer')).toBeVisible()
  await expect(row(page, 'Richter Büroeinrichtungen GmbH')).toHaveCount(0)

  const search = page.getByRole('searchbox', { name: 'Search companies' })
  await search.fill('xyzzy-none')
  await expect(toast(page, 'No companies found')).toBeVisible()
  await expect(page).toHaveURL(/search=xyzzy-none/)

  await search.fill('re')
  await expect(page.getByRole('status').filter({ hasText: 'Please enter at least 3 characters to search.' })).toBeVisible()
  await search.fill('reu')
  await expect(page.getByText('2 companies found for “reu”, highlighted in the tree.')).toBeVisible()
  // Opened down to each hit (Richter is two levels below the dealer), hits marked.
  await expect(row(page, 'Richter Büroeinrichtungen GmbH')).toHaveAttribute('data-hit', 'true')
  await expect(row(page, 'Schreinerei Maurer')).toHaveAttribute('data-hit', 'true')
  await expect(row(page, 'Küchenwerk Albrecht AG')).toHaveAttribute('aria-expanded', 'true')
  await expect(row(page, 'Meier Möbelwerkstätten')).toHaveCount(0)
  await expect(tree(page).locator('mark').first()).toHaveText(/^reu$/i)

  // The search is in the URL: a reload shows the same.
  await page.reload()
  await expect(row(page, 'Richter Büroeinrichtungen GmbH')).toHaveAttribute('data-hit', 'true')
  await page.getByRole('button', { name: 'Clear search' }).click()
  await expect(page).toHaveURL(new RegExp(`/companies/${dealer.companyId}$`))
  await expect(row(page, 'Meier Möbelwerkstätten')).toBeVisible()
})

test('the tree works with the keyboard: arrows open two levels, Home, End and type-ahead move', async ({ page }) => {
  await landAsDealer(page)
  const rootControl = row(page, 'Holzhandel Brenner GmbH & Co. KG').locator('[data-part=branch-control]')
  await rootControl.focus()
  await page.keyboard.press('ArrowLeft')
  await expect(row(page, 'Holzhandel Brenner GmbH & Co. KG')).toHaveAttribute('aria-expanded', 'false')
  await expect(row(page, 'Schreinerei Maurer')).toHaveCount(0)
  await page.keyboard.press('ArrowRight')
  await expect(row(page, 'Schreinerei Maurer')).toBeVisible()
  await page.keyboard.press('ArrowRight')
  await expect(focused(page)).toContainText('Familie Hofmann')
  // Type-ahead jumps to the first company whose name starts with what is typed.
  await page.keyboard.type('Schrein')
  await expect(focused(page)).toContainText('Schreinerei Maurer')
  // The second level: its children load on opening.
  await page.keyboard.press('ArrowRight')
  await expect(row(page, 'Praxis Dr. Hofmann')).toBeVisible()
  await page.keyboard.press('ArrowRight')
  await expect(focused(page)).toContainText('Familie Krüger')
  await page.keyboard.press('ArrowDown')
  await expect(focused(page)).toContainText('Familie Kühn')
  await page.keyboard.press('ArrowLeft')
  await expect(focused(page)).toContainText('Schreinerei Maurer')
  await page.keyboard.press('End')
  await expect(focused(page)).toContainText('Praxis Dr. Hofmann')
  await page.keyboard.press('Home')
  await expect(focused(page)).toContainText('Holzhandel Brenner GmbH & Co. KG')
  // The tree moves its one tab stop (and the row's actions after it) a render after the focus,
  // under load later: Tab is pressed once the focused row holds it, as a person's next key would.
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll('[role=tree] :is([role=treeitem], [data-part=branch-control])[tabindex="0"]')].every(
          (element) => element === document.activeElement,
        ),
      ),
    )
    .toBe(true)
  // Tab goes on to the focused row's actions: the own company is edited on my-company.
  await page.keyboard.press('Tab')
  await expect(focused(page)).toHaveAccessibleName('Edit Holzhandel Brenner GmbH & Co. KG')
  await expect(focused(page)).toHaveAttribute('href', `/my-company/?cid=${dealer.companyId}`)
})

test('browse opens a company’s own tree; the breadcrumbs lead back up to the own company', async ({ page }) => {
  await landAsDealer(page)
  await followLink(page, page.getByRole('link', { name: 'Browse Schreinerei Maurer' }))
  await expect(page).toHaveURL(new RegExp(`/companies/${carpenter.companyId}$`))
  await expect(page.getByText('Companies below Schreinerei Maurer')).toBeVisible()
  await expect(row(page, 'Familie Kühn')).toBeVisible()
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' })
  await expect(crumbs.getByRole('listitem')).toHaveText(['Holzhandel Brenner GmbH & Co. KG', 'Schreinerei Maurer'])
  await expect(page.getByRole('link', { name: 'Edit Schreinerei Maurer' })).toHaveAttribute('href', `/my-company/?cid=${carpenter.companyId}`)
  await followLink(page, crumbs.getByRole('link', { name: 'Holzhandel Brenner GmbH & Co. KG' }))
  await expect(page).toHaveURL(new RegExp(`/companies/${dealer.companyId}$`))
})

test('shop as a company with several lines goes to select-line for it, with one line to the shop', async ({ page }) => {
  await landAsDealer(page)
  await page.getByRole('button', { name: 'Shop as Küchenwerk Albrecht AG' }).click()
  await expect(page).toHaveURL(new RegExp(`/user/select-line\\?cid=${industry.companyId}$`))
  await expect(page.getByRole('heading', { name: 'Choose a production line for Küchenwerk Albrecht AG' })).toBeVisible()
  await expect(page.getByRole('button', { name: /^Shop in / })).toHaveCount(industry.lineCount)
  // Back goes to the company's tree: shop-as went there first.
  await page.goBack()
  await expect(page).toHaveURL(new RegExp(`/companies/${industry.companyId}$`))

  // The hand-off page shows its toast for a second and leaves: every toast title is reported
  // from inside the page as it appears.
  const toasts: string[] = []
  await page.exposeFunction('reportToast', (title: string) => toasts.push(title))
  await page.addInitScript(() => {
    new MutationObserver(() => {
      for (const title of document.querySelectorAll<HTMLElement>('[data-scope="toast"][data-part="title"]')) {
        if (title.dataset.reported || !title.textContent) continue
        title.dataset.reported = 'yes'
        const report: unknown = Reflect.get(window, 'reportToast')
        if (typeof report === 'function') report(title.textContent)
      }
    }).observe(document, { subtree: true, childList: true, characterData: true })
  })
  await openHydrated(page, `/companies/${dealer.companyId}`)
  await page.getByRole('button', { name: 'Shop as Schreinerei Maurer' }).click()
  await expect.poll(() => toasts).toContain('Redirect to shop')
  await expect(page).toHaveURL(new RegExp(`/dealer/company/${carpenter.companyId}/shop/?$`))
  await expect(page.getByRole('heading', { name: 'Shop (stand-in)' })).toBeVisible()
  await expect(page.getByRole('main').getByText('Schreinerei Maurer')).toBeVisible()
})

test('the side menu offers my company, companies and create company to the dealer', async ({ page }) => {
  await landAsDealer(page)
  const menu = page.getByRole('navigation', { name: 'Side menu' })
  await expect(menu.getByRole('link', { name: 'My company' })).toHaveAttribute('href', `/my-company/?cid=${dealer.companyId}`)
  await expect(menu.getByRole('link', { name: 'Companies', exact: true })).toHaveAttribute('href', `/companies/${dealer.companyId}`)
  await expect(menu.getByRole('link', { name: 'Create company' })).toHaveAttribute('href', `/create-company/?cid=${dealer.companyId}`)
  await page.goto('/logout')
  await signIn(page, carpenter.username)
  await openHydrated(page, '/admin')
  const carpenterMenu = page.getByRole('navigation', { name: 'Side menu' })
  await expect(carpenterMenu.getByRole('link', { name: 'My company' })).toBeVisible()
  await expect(carpenterMenu.getByRole('link', { name: 'Companies', exact: true })).toHaveCount(0)
  await expect(carpenterMenu.getByRole('link', { name: 'Create company' })).toHaveCount(0)
  // The screen itself says no to a user without IS_DEALER_ADMIN (the server refuses the calls).
  await openHydrated(page, `/companies/${carpenter.companyId}`)
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('You are not allowed to use this page. Ask your administrator for the permission.')
})

for (const locale of ['en', 'de'] as const) {
  test(`the tree in ${locale} at 360 and 1280 px: no serious axe violation, no horizontal scroll`, async ({ page, context }) => {
    await context.addCookies([{ name: 'PARAGLIDE_LOCALE', value: locale, url: `http://localhost:${projectPort()}` }])
    await landAsDealer(page)
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 })
      await openHydrated(page, `/companies/${dealer.companyId}?search=reu`)
      await expect(tree(page).locator('[data-hit=true]')).toHaveCount(2)
      await expect(page.getByRole('heading', { name: locale === 'de' ? 'Unternehmen' : 'Companies', level: 1 })).toBeVisible()
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${width}px`).toBeLessThanOrEqual(0)
      if (width === AXE_WIDTH[locale]) expect(await seriousViolations(page), `${locale} ${width}px`).toEqual([])
      await openHydrated(page, `/companies/${dealer.companyId}?search=xyzzy-none`)
      await expect(toast(page, locale === 'de' ? 'Keine Unternehmen gefunden' : 'No companies found')).toBeVisible()
      if (width === AXE_WIDTH[locale]) expect(await seriousViolations(page), `${locale} ${width}px, no hits`).toEqual([])
    }
  })
}

// Before the scripts run (and without them) the server's rows are the whole tree: they stand one
// below the other at their own heights, never on top of each other (the static tree of decision 033).
test('before the scripts run the rows stand one below the other at 360 and 1280 px', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await signIn(page, dealer.username)
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    await page.goto(`/companies/${dealer.companyId}`)
    const boxes = await tree(page)
      .getByRole('treeitem')
      .evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect()).map(({ top, bottom }) => ({ top, bottom })))
    expect(boxes.length, `${width}px`).toBeGreaterThan(5)
    for (let index = 1; index < boxes.length; index += 1)
      expect(boxes[index]!.top, `${width}px, row ${index + 1}`).toBeGreaterThanOrEqual(boxes[index - 1]!.bottom - 0.5)
  }
  await context.close()
})

// The interactive tree takes over from the server's rows in a transition and
// starts from their heights, so at the moment it is in the page (before any later measuring) each
// row stands where the server's stood, one below the other.
test('when the interactive tree takes over, its rows stand where the server’s rows stood, at 360 and 1280 px', async ({ page }) => {
  await signIn(page, dealer.username)
  await page.addInitScript(() => {
    type Box = { name: string; top: number; bottom: number }
    const boxes = (selector: string): Box[] =>
      [...document.querySelectorAll<HTMLElement>(selector)].map((row) => {
        const { top, bottom } = row.getBoundingClientRect()
        return { name: row.innerText.split('\n').find((line) => line.trim().length > 2) ?? '', top: top + window.scrollY, bottom: bottom + window.scrollY }
      })
    const record = window as unknown as { takeover?: { before: Box[]; after: Box[] } }
    document.addEventListener('DOMContentLoaded', () => {
      const before = boxes('[role=tree] [role=treeitem]')
      new MutationObserver((_, observer) => {
        if (!document.querySelector('[data-scope="tree-view"][data-part="tree"] [role=treeitem]')) return
        observer.disconnect()
        record.takeover = { before, after: boxes('[data-scope="tree-view"][data-part="tree"] [role=treeitem]') }
      }).observe(document.body, { childList: true, subtree: true })
    })
  })
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    await page.goto(`/companies/${dealer.companyId}`)
    const takeover = await page.waitForFunction(() => (window as unknown as { takeover?: unknown }).takeover).then((handle) => handle.jsonValue())
    const { before, after } = takeover as { before: Array<{ name: string; top: number; bottom: number }>; after: typeof before }
    expect(before.length, `${width}px`).toBeGreaterThan(5)
    for (const [index, row] of after.entries()) {
      const was = before.find((box) => box.name === row.name)
      expect(was, `${width}px: ${row.name}`).toBeDefined()
      expect(Math.abs(row.top - was!.top), `${width}px: ${row.name} moved`).toBeLessThanOrEqual(1)
      if (index > 0) expect(row.top, `${width}px, row ${index + 1}`).toBeGreaterThanOrEqual(after[index - 1]!.bottom - 0.5)
    }
  }
})

// On a phone a row's four actions are one menu button beside the name (decision 036).
// A row knows the screen once the page has hydrated (its actions come as a transition then, not
// as a re-render of every row at once), and again when the screen changes: one form in the page.
test('a row keeps one form of its actions, and takes the other when the screen turns', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signIn(page, dealer.username)
  await openHydrated(page, `/companies/${dealer.companyId}`)
  const maurer = row(page, 'Schreinerei Maurer')
  await expect(maurer.locator('[data-part=branch-control]')).toBeVisible()
  await expect(maurer.getByRole('button', { name: /^Shop as / })).toBeVisible()
  await expect(rowMenuButton(maurer, 'Schreinerei Maurer')).toHaveCount(0)
  await page.setViewportSize({ width: 360, height: 800 })
  await expect(rowMenuButton(maurer, 'Schreinerei Maurer')).toBeVisible()
  await expect(maurer.getByRole('button', { name: /^Shop as / })).toHaveCount(0)
  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(maurer.getByRole('button', { name: /^Shop as / })).toBeVisible()
  await expect(rowMenuButton(maurer, 'Schreinerei Maurer')).toHaveCount(0)
})

test('at 360 px each row has one menu button: the keyboard opens it, moves, closes it back onto the button, and browses from it', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 })
  await signIn(page, dealer.username)
  await openHydrated(page, `/companies/${dealer.companyId}`)
  const maurer = row(page, 'Schreinerei Maurer')
  const button = rowMenuButton(page, 'Schreinerei Maurer')
  // The interactive tree has taken over (its rows' names are buttons that open them).
  await expect(maurer.locator('[data-part=branch-control]')).toBeVisible()
  // One button for the four actions: none of them is in the row itself.
  await expect(rowMenuButton(maurer, 'Schreinerei Maurer')).toHaveCount(1)
  await expect(maurer.getByRole('button', { name: /^Shop as / })).toHaveCount(0)
  await expect(maurer.getByRole('link')).toHaveCount(0)
  // Beside the name, not below it: the row is as high as its text.
  const [rowBox, buttonBox, textBox] = await Promise.all([maurer.boundingBox(), button.boundingBox(), maurer.locator('[data-part=branch-text]').boundingBox()])
  expect(buttonBox!.x).toBeGreaterThan(textBox!.x + textBox!.width - 1)
  expect(buttonBox!.y + buttonBox!.height).toBeLessThanOrEqual(rowBox!.y + rowBox!.height)

  // Only the focused row's button is in the tab order, as its buttons were.
  await maurer.locator('[data-part=branch-control]').focus()
  await expect(button).toHaveAttribute('tabindex', '0')
  // The tooltip's script comes at the first focus on the page (docs/decisions/035-page-weight.md);
  // its machine owns the Tips once it is there.
  await expect(button).toHaveAttribute('data-ownedby', /.+/)
  // The icon-only button's tooltip opens at once on keyboard focus.
  const delay = await tooltipDelayMs(page, () => page.keyboard.press('Tab'))
  await expect(button).toBeFocused()
  await expect(page.getByRole('tooltip')).toHaveText('Actions for Schreinerei Maurer')
  expect(delay).toBeLessThan(250)

  await pressInMenu(page, 'Enter')
  const menu = page.getByRole('menu', { name: 'Actions for Schreinerei Maurer' })
  // The focus is in the menu; the highlighted item is its active descendant.
  await expect(menu).toBeFocused()
  await expect(page.getByRole('tooltip')).toHaveCount(0)
  await expect(menu.getByRole('menuitem')).toHaveText(['Browse', 'Shop as', 'Contacts', 'Delivery addresses'])
  const highlighted = menu.locator('[role=menuitem][data-highlighted]')
  await expect(highlighted).toHaveText('Browse')
  await pressInMenu(page, 'ArrowDown')
  await expect(highlighted).toHaveText('Shop as')
  expect(await seriousViolations(page)).toEqual([])
  await pressInMenu(page, 'Escape')
  await expect(menu).toHaveCount(0)
  await expect(button).toBeFocused()
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)

  // ↓ opens it as well; Enter runs the highlighted action.
  await pressInMenu(page, 'ArrowDown')
  await expect(highlighted).toHaveText('Browse')
  await pressInMenu(page, 'Enter')
  await expect(page).toHaveURL(new RegExp(`/companies/${carpenter.companyId}$`))
  await expect(page.getByText('Companies below Schreinerei Maurer')).toBeVisible()
})

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, viewport: { width: 360, height: 800 } })

  test('auf Deutsch bei 360 px: ein Tipp öffnet das Menü einer Zeile, „Kontakte“ führt zu den Kontakten des Unternehmens', async ({ page, context }) => {
    await context.addCookies([{ name: 'PARAGLIDE_LOCALE', value: 'de', url: `http://localhost:${projectPort()}` }])
    await signIn(page, dealer.username)
    await openHydrated(page, `/companies/${dealer.companyId}`)
    await rowMenuButton(page, 'Schreinerei Maurer').tap()
    const menu = page.getByRole('menu', { name: 'Aktionen für Schreinerei Maurer' })
    await expect(menu.getByRole('menuitem')).toHaveText(['Öffnen', 'Einkaufen als', 'Kontakte', 'Lieferadressen'])
    // A touch opens no tooltip.
    await expect(page.getByRole('tooltip')).toHaveCount(0)
    await menu.getByRole('menuitem', { name: 'Kontakte' }).tap()
    await expect(page).toHaveURL(new RegExp(`/overview-contacts/?\\?cid=${carpenter.companyId}$`))
    await expect(page.getByRole('heading', { level: 1, name: 'Kontakte' })).toBeVisible()
  })
})

// Tooltips come after 500 ms of hovering (decision 036); the tree's open/close arrow says what it does.
test('the tree’s arrow has a tooltip after half a second of hovering, not at once', async ({ page }) => {
  await landAsDealer(page)
  const arrow = row(page, 'Schreinerei Maurer').locator('[data-part=branch-indicator] > span')
  const tooltip = page.getByRole('tooltip')
  const delay = await tooltipDelayMs(page, async () => {
    await arrow.hover()
    await expect(tooltip).toHaveCount(0)
  })
  await expect(tooltip).toHaveText('Show the companies below')
  expect(delay).toBeGreaterThanOrEqual(500)
  expect(delay).toBeLessThan(2000)
  await page.mouse.move(0, 0)
  await expect(tooltip).toHaveCount(0)
  // Open, it says the other thing.
  await arrow.click()
  await expect(row(page, 'Schreinerei Maurer')).toHaveAttribute('aria-expanded', 'true')
  await page.mouse.move(0, 0)
  await arrow.hover()
  await expect(tooltip).toHaveText('Hide the companies below')
})
