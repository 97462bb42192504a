import { z } from 'zod'
import { waitFor, type Driver } from './driver'

// The vartext workspace as the engine suite reads and uses it: page expressions on the same
// marks the Playwright specs use (data-key, data-status, the status line's test id).

export const rowOf = (key: string) => `[role=listitem][data-key="${key}"]`
const STATUS = `(document.querySelector('[data-testid=translation-status]')?.textContent ?? '')`

/** The page expression of a JSON value. */
const js = (value: unknown) => JSON.stringify(value)

/** Opens the workspace filtered to one text (French), hydrated, with the text's row shown. */
export async function openText(driver: Driver, origin: string, key: string): Promise<void> {
  await driver.goto(`${origin}/vartext?dst=fr&q=${encodeURIComponent(key)}`)
  await shownAgain(driver, key)
}

/** After a reload: hydrated, counted, with the text's row. */
export async function shownAgain(driver: Driver, key: string): Promise<void> {
  await waitFor(
    driver,
    `document.documentElement.dataset.hydrated === 'true' && /\\d+ \\/ \\d+/.test(document.querySelector('[data-testid=translation-counts]')?.textContent ?? '') && document.querySelector(${js(rowOf(key))})`,
    'workspace showing the text',
  )
}

/** Opens the text's editor with a click, as the translator does; the editor takes the focus. */
export async function openEditor(driver: Driver, key: string): Promise<void> {
  await driver.click(`${rowOf(key)} button[aria-expanded]`)
  await waitFor(driver, `document.activeElement?.matches(${js(`${rowOf(key)} textarea`)})`, 'editor with the focus')
}

export const rowStatus = (driver: Driver, key: string) =>
  driver.evaluate(`document.querySelector(${js(rowOf(key))})?.dataset.status ?? null`, z.string().nullable())

export const editorValue = (driver: Driver, key: string) =>
  driver.evaluate(`document.querySelector(${js(`${rowOf(key)} textarea`)})?.value ?? null`, z.string().nullable())

/** The status line's unsaved count (its first number). */
export const unsavedCount = (driver: Driver) => driver.evaluate(`Number(/\\d+/.exec(${STATUS})?.[0] ?? NaN)`, z.number())

/** Waits until the row is an unsaved edit holding `text`; false when it is not within `timeoutMs`. */
export function keptAsUnsaved(driver: Driver, key: string, text: string, timeoutMs = 20_000): Promise<boolean> {
  const row = `document.querySelector(${js(rowOf(key))})`
  return waitFor(driver, `${row}?.dataset.status === 'unsaved' && ${row}.textContent.includes(${js(text)})`, `unsaved edit “${text}”`, timeoutMs).then(
    () => true,
    () => false,
  )
}

/** Marks the first button whose text matches for a click (CSS cannot select by text); its disabled state, or null. */
function markButton(driver: Driver, pattern: RegExp, mark: string) {
  return driver.evaluate(
    `(() => {
      const button = [...document.querySelectorAll('button')].find((candidate) => ${pattern}.test(candidate.textContent.trim()))
      if (!button) return null
      button.setAttribute('data-engine-target', ${js(mark)})
      return button.disabled
    })()`,
    z.boolean().nullable(),
  )
}

// The start of the labels only: hints may follow them.
const SAVE = /^(Save|Speichern) \(\d+\)/
const SAVE_ALL = /^(Save all|Alle speichern) \(\d+\)/

/** Waits until the page says it is offline (the status line, Save disabled) or online (neither). */
export async function waitConnection(driver: Driver, online: boolean, what: string): Promise<void> {
  await waitFor(
    driver,
    `${online ? '!' : ''}/offline/.test(${STATUS}) && [...document.querySelectorAll('button')].some((b) => ${SAVE}.test(b.textContent.trim()) && ${online ? '!' : ''}b.disabled)`,
    what,
    60_000,
  )
}

/**
 * Clicks Save; when the summary of edits with issues opens first, saves them as they are
 * (issues never block a save; the checks are not what this suite is about).
 */
export async function clickSave(driver: Driver): Promise<void> {
  const starts = () => driver.evaluate(`performance.getEntriesByName('t9n:save:start').length`, z.number())
  const before = await starts()
  if ((await markButton(driver, SAVE, 'save')) !== false) throw new Error(`${driver.name}: no enabled Save button`)
  await driver.click('[data-engine-target=save]')
  await waitFor(
    driver,
    `performance.getEntriesByName('t9n:save:start').length > ${before} || [...document.querySelectorAll('[role=dialog] button')].some((b) => ${SAVE_ALL}.test(b.textContent.trim()))`,
    'save started or its summary',
  )
  if ((await starts()) > before) return
  await markButton(driver, SAVE_ALL, 'save-all')
  await driver.click('[data-engine-target=save-all]')
  await waitFor(driver, `performance.getEntriesByName('t9n:save:start').length > ${before}`, 'save started')
}

export async function waitUnsaved(driver: Driver, count: number): Promise<void> {
  await waitFor(driver, `Number(/\\d+/.exec(${STATUS})?.[0] ?? NaN) === ${count}`, `unsaved count ${count}`)
}
