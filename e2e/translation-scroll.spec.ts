import type { Page } from '@playwright/test'
import { DEMO_ACCOUNTS } from '../src/server/seed/demo-accounts'
import { expect, followLink, openHydrated, signIn, test } from './fixtures'
import { importXml, openRow, openWorkspace } from './translation-helpers'

// Never typing blind (decision 048): Ctrl+Enter, Alt+↓/↑ and the Prev/Next buttons bring the
// next editor into view under every filter, in the compact view and on the catalogue and article
// screens — its row's top 160 px below the window's top, or as near as the page allows — with the
// focus in its textarea. Twenty moves each, in a window of a laptop's size.
const { translator } = DEMO_ACCOUNTS

test.describe.configure({ mode: 'serial' })
test.use({ viewport: { width: 1280, height: 900 } })

const MOVES = 20
/** Moves in turn: the keys and the buttons, forwards and backwards. */
const STEPS = ['Control+Enter', 'Alt+ArrowDown', 'Next', 'Control+Enter', 'Alt+ArrowUp', 'Control+Enter', 'Previous', 'Alt+ArrowDown'] as const

/**
 * Watches the next scroll of the desk: where the focused editor stood when that scroll let go
 * of the page (the moment `data-desk-scrolling` goes), in words — 'in view' when all is as it
 * should be. Read then, not later: parts that come after it (a check's answer under the editor)
 * may make a short page longer below the text, which moves nothing on screen.
 */
function watchLetGo(page: Page): Promise<void> {
  return page.evaluate(() => {
    const where = () => {
      const focused = document.activeElement
      if (!(focused instanceof HTMLTextAreaElement)) return `the focus is on ${focused?.tagName ?? 'nothing'}`
      const row = focused.closest('[role=listitem]') ?? focused.closest('[data-text-status]')
      if (!row) return 'the focused textarea is no text’s'
      if (row.matches('[role=listitem]') && !row.querySelector('[aria-expanded=true]')) return 'the focused textarea is not the open one'
      const box = focused.getBoundingClientRect()
      if (box.top < 0 || box.bottom > window.innerHeight) return `the textarea stands at ${Math.round(box.top)}…${Math.round(box.bottom)} px`
      const top = row.getBoundingClientRect().top
      const most = document.documentElement.scrollHeight - window.innerHeight
      // 160 px below the window's top, unless the page ends first (either way).
      if (Math.abs(top - 160) <= 2 || window.scrollY <= 0 || window.scrollY >= most - 1) return 'in view'
      return `the row's top stands at ${Math.round(top)} px`
    }
    const state = window as unknown as { __letGo?: string | null; __letGoWatch?: MutationObserver; __deskWhere?: () => string }
    state.__deskWhere = where
    state.__letGoWatch?.disconnect()
    state.__letGo = null
    let started = false
    const watch = new MutationObserver(() => {
      if ('deskScrolling' in document.documentElement.dataset) started = true
      else if (started) {
        state.__letGo = where()
        watch.disconnect()
      }
    })
    watch.observe(document.documentElement, { attributes: true, attributeFilter: ['data-desk-scrolling'] })
    state.__letGoWatch = watch
  })
}

/** The focused editor is in view now (the page may have grown below it since the scroll let go). */
function editorInViewNow(page: Page): Promise<string> {
  return page.evaluate(() => {
    const focused = document.activeElement
    if (!(focused instanceof HTMLTextAreaElement)) return `the focus is on ${focused?.tagName ?? 'nothing'}`
    const box = focused.getBoundingClientRect()
    return box.top < 0 || box.bottom > window.innerHeight ? `the textarea stands at ${Math.round(box.top)}…${Math.round(box.bottom)} px` : 'in view'
  })
}

/** The key of the text whose editor has the focus. */
const focusedKey = (page: Page) => page.evaluate(() => document.activeElement?.closest('[data-key]')?.getAttribute('data-key') ?? null)

/**
 * After a move (watched with watchLetGo before it): another text is open, the scroll has let go
 * with its editor in place, and the editor is still in view.
 */
async function expectMovedIntoView(page: Page, from: string | null, move: string) {
  await expect.poll(() => focusedKey(page), { message: `${move} from ${from}` }).not.toBe(from)
  await expect(page.locator('html')).not.toHaveAttribute('data-desk-scrolling')
  // A move that needed no scroll (the text already in place) is judged as it stands.
  const letGo = await page.evaluate(() => {
    const state = window as unknown as { __letGo?: string | null; __deskWhere?: () => string }
    return state.__letGo ?? state.__deskWhere?.() ?? 'the move was not watched'
  })
  expect(letGo, `${move} from ${from} to ${await focusedKey(page)}, when the scroll let go`).toBe('in view')
  expect(await editorInViewNow(page), `${move} from ${from} to ${await focusedKey(page)}, afterwards`).toBe('in view')
}

/** Twenty moves in the workspace; `type` writes into every text left with Ctrl+Enter. */
async function walk(page: Page, { type = false }: { type?: boolean } = {}) {
  await watchLetGo(page)
  await page.locator('[role=listitem] button[aria-expanded]').first().click()
  await expectMovedIntoView(page, null, 'open')
  for (let move = 0; move < MOVES; move++) {
    const step = STEPS[move % STEPS.length]!
    const from = await focusedKey(page)
    await watchLetGo(page)
    if (step === 'Next' || step === 'Previous') await openRow(page).getByRole('button', { name: step, exact: true }).click()
    else {
      if (type && step === 'Control+Enter') await page.keyboard.type(`Text ${move} 42`)
      await page.keyboard.press(step)
    }
    await expectMovedIntoView(page, from, step)
  }
  await page.keyboard.press('Escape')
}

test('the workspace under every filter: twenty moves each, every editor in view', async ({ page, baseURL }) => {
  test.setTimeout(240_000)
  // Outdated texts of their own, between the demo's texts.
  const keys = Array.from({ length: 24 }, (_, index) => `SCROLL-E2E-${String(index + 1).padStart(2, '0')}`)
  await importXml(
    baseURL!,
    keys.map((key) => `<text key="${key}"><master>Blende ${key}, 100 mm</master><translation lang="de">Blende ${key}, 100 mm</translation></text>`).join('\n'),
  )
  await importXml(baseURL!, keys.map((key) => `<text key="${key}"><master>Blende ${key}, 120 mm</master></text>`).join('\n'))

  await signIn(page, translator.username)
  for (const filter of ['all', 'outdated', 'translated', 'untranslated', 'unsaved', 'issues']) {
    await openWorkspace(page, `dst=de&filter=${filter}`)
    await expect(page.locator('[role=list]')).toHaveAttribute('data-complete', 'true')
    expect(await page.locator('[role=listitem]').count(), filter).toBeGreaterThan(1)
    // The texts typed under "untranslated" fill "unsaved" and "issues" (a number the source lacks).
    await test.step(filter, () => walk(page, { type: filter === 'untranslated' }))
  }
})

test('the compact view: twenty moves, every editor in view', async ({ page }) => {
  test.setTimeout(120_000)
  await signIn(page, translator.username)
  await openWorkspace(page, 'dst=fr&filter=untranslated&view=compact')
  await expect(page.locator('[role=list]')).toHaveAttribute('data-complete', 'true')
  await walk(page, { type: true })
})

/** Twenty moves among a screen's fields (no Prev/Next buttons there: the keys only). */
async function walkFields(page: Page) {
  const untranslated = page.locator('main [data-text-status="untranslated"]')
  expect(await untranslated.count()).toBeGreaterThan(1)
  await page.locator('main h1').click()
  for (let move = 0; move < MOVES; move++) {
    const step = (['Alt+ArrowDown', 'Control+Enter', 'Alt+ArrowUp', 'Alt+ArrowDown'] as const)[move % 4]!
    const from = await focusedKey(page)
    await watchLetGo(page)
    await page.keyboard.press(step)
    await expectMovedIntoView(page, from, step)
  }
}

test('a category and an article: twenty moves each, every field in view', async ({ page }) => {
  test.setTimeout(120_000)
  await signIn(page, translator.username)
  await openHydrated(page, '/catalogs?dst=fr')
  await followLink(page, page.locator('main ul > li').first().getByRole('link'))
  await expect(page.getByTestId('translation-counts')).toContainText(/\d+ \/ \d+ translated/)
  await test.step('catalogue', () => walkFields(page))
  await followLink(page, page.getByRole('link', { name: /^Open / }).first())
  await followLink(page, page.getByRole('link', { name: /^Open / }).first())
  await followLink(page, page.getByRole('link', { name: /^Article: / }).first())
  await expect(page.getByTestId('translation-counts')).toContainText(/\d+ \/ \d+ translated/)
  await test.step('article', () => walkFields(page))
})
