import { z } from 'zod'
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-accounts'
import type { OwnServer } from '../own-server'
import { serverTexts, vueLogin } from '../vue-api'
import { waitFor, type Driver } from './driver'
import {
  clickSave,
  editorValue,
  keptAsUnsaved,
  openEditor,
  openText,
  rowOf,
  rowStatus,
  shownAgain,
  unsavedCount,
  waitConnection,
  waitUnsaved,
} from './workspace'

// The desk's promises (docs/decisions/014 and 046), each asserted in a browser engine: an edit
// survives a reload right after the last key; the page reloads offline from the service worker;
// back online, the save reaches the server; a conflict shows both sides.

/** Delays from the last key to the reload, in ms, and how often each is tried. */
export const RELOAD_DELAYS = [0, 30, 50, 150] as const
export const RELOAD_TRIES = 4

export type Outcome = { promise: string; ok: boolean; detail: string }
/** Per delay: edits kept of those typed. */
export type ReloadFigures = Map<number, { kept: number; tried: number }>

export class PromiseFailed extends Error {}

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new PromiseFailed(message)
}

/** Words for the delays: typed texts without digits, so the number checks stay quiet. */
const SPOKEN: Record<number, string> = { 0: 'zero', 30: 'trente', 150: 'cent cinquante' }
const TRY = ['un', 'deux', 'trois', 'quatre', 'cinq']

export type Desk = {
  driver: Driver
  server: OwnServer
  /** Untranslated French texts of this engine alone. */
  keys: string[]
  /** Texts the server must hold after the save: key → text. */
  expected: Map<string, string>
}

function nextKey(desk: Desk): string {
  const key = desk.keys.shift()
  if (key === undefined) throw new Error('the suite ran out of untranslated texts')
  return key
}

/** Promise 1: type, reload `delay` ms after the last key, and find the edit in the list and the editor. */
export async function reloadTrials(desk: Desk, figures: ReloadFigures): Promise<string> {
  const { driver, server } = desk
  const lost: string[] = []
  for (const delay of RELOAD_DELAYS) {
    const tally = { kept: 0, tried: 0 }
    figures.set(delay, tally)
    for (let attempt = 0; attempt < RELOAD_TRIES; attempt++) {
      const key = nextKey(desk)
      const text = `Recharge ${SPOKEN[delay]} essai ${TRY[attempt]}`
      await openText(driver, server.origin, key)
      await openEditor(driver, key)
      await driver.type(text)
      // The delay under test, not a wait for something: the translator presses F5 this long after the last key.
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay))
      await driver.reload()
      await shownAgain(driver, key)
      tally.tried++
      // A kept edit is in the list within a moment of the page showing; a lost one never comes (10 s: room for a busy machine).
      if (!(await keptAsUnsaved(driver, key, text, 10_000))) {
        lost.push(`${delay} ms: “${text}” (row ${await rowStatus(driver, key)})`)
        continue
      }
      desk.expected.set(key, text)
      check(
        (await unsavedCount(driver)) === desk.expected.size,
        `after the reload at ${delay} ms the unsaved count is ${await unsavedCount(driver)}, not ${desk.expected.size}`,
      )
      await openEditor(driver, key)
      const value = await editorValue(driver, key)
      check(value === text, `after the reload at ${delay} ms the editor holds “${value}”, not “${text}”`)
      tally.kept++
    }
  }
  check(lost.length === 0, `edits lost in a reload: ${lost.join('; ')}`)
  return RELOAD_DELAYS.map((delay) => `${delay} ms ${figures.get(delay)?.kept}/${figures.get(delay)?.tried}`).join(', ')
}

/** Promise 2: the workspace reloads with no server (and, where the driver can, no connection) from the service worker, the edit kept. */
export async function offlineReload(desk: Desk): Promise<string> {
  const { driver, server } = desk
  const key = nextKey(desk)
  const text = 'Tapé avant la coupure'
  await openText(driver, server.origin, key)
  await waitFor(driver, `navigator.serviceWorker.controller !== null`, 'service worker controlling the page', 90_000)
  await waitFor(driver, `caches.open('pages').then((cache) => cache.match(location.href)).then(Boolean)`, 'page kept for offline use', 30_000)
  await openEditor(driver, key)
  await driver.type(text)
  check(await keptAsUnsaved(driver, key, text), `the edit “${text}” was not kept before going offline`)
  desk.expected.set(key, text)
  if (driver.emulatesOffline) {
    await driver.setOffline(true)
    await waitConnection(driver, false, 'offline state after the browser went offline')
  }
  await server.stop()
  await driver.reload()
  await shownAgain(driver, key)
  check(await keptAsUnsaved(driver, key, text), `after the offline reload the edit “${text}” is not in the list`)
  const controlled = await driver.evaluate(`navigator.serviceWorker.controller !== null`, z.boolean())
  check(controlled, 'the page reloaded offline is not the service worker’s')
  if (driver.emulatesOffline) {
    await waitConnection(driver, false, 'offline state after the offline reload')
    return 'reloaded with no connection and no server; the edit and the offline state are there'
  }
  // No offline emulation: the browser thinks it is online, so a save tries, finds no server, and the page says it is offline.
  await clickSave(driver)
  await waitConnection(driver, false, 'offline state after a save found no server')
  return 'reloaded with no server; the edit is there; a save found no server and the page says it is offline'
}

/** Promise 3: the connection comes back (no `online` event needed), Save is enabled, and the edits reach the server. */
export async function backOnlineSave(desk: Desk): Promise<string> {
  const { driver, server } = desk
  await driver.evaluate(`(() => { window.__onlineEvents = 0; window.addEventListener('online', () => window.__onlineEvents++); return true })()`, z.boolean())
  // Still running when the offline promise failed before it stopped the server.
  if (server.pid === undefined) await server.start()
  if (driver.emulatesOffline) await driver.setOffline(false)
  await waitConnection(driver, true, 'online state with Save enabled')
  const events = await driver.evaluate(`window.__onlineEvents`, z.number())
  await clickSave(driver)
  await waitUnsaved(driver, 0)
  const { target } = await serverTexts(server.origin)
  const missing = [...desk.expected].filter(([key, text]) => target[key] !== text)
  check(missing.length === 0, `not on the server after the save: ${missing.map(([key, text]) => `${key} “${text}” (has “${target[key]}”)`).join('; ')}`)
  return `${desk.expected.size} edits on the server; online events the page got: ${events}`
}

/** Promise 4: someone else saves the same text first (through the API); the save shows both sides and overwrites nothing. */
export async function conflictShown(desk: Desk): Promise<string> {
  const { driver, server } = desk
  const key = nextKey(desk)
  const mine = 'Version du traducteur'
  const theirs = 'Version de la collègue'
  await openText(driver, server.origin, key)
  await openEditor(driver, key)
  await driver.type(mine)
  check(await keptAsUnsaved(driver, key, mine), `the edit “${mine}” was not kept`)

  const { jwt } = await vueLogin(server.origin, DEMO_ACCOUNTS.staff.username)
  const saved = await fetch(`${server.origin}/vue/i18n/vartext/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `JWT ${jwt}` },
    body: JSON.stringify({ languages: { fr: ['', { [key]: theirs }] }, changes: { fr: [key] }, pid2trus: {}, base: { fr: { [key]: null } } }),
  })
  check(saved.status === 200, `the other person's save through the API answered ${saved.status}`)

  await clickSave(driver)
  const row = rowOf(key)
  await waitFor(driver, `document.querySelector(${JSON.stringify(row)})?.dataset.status === 'conflict'`, 'the text marked as a conflict')
  // The panel with both sides is a part of its own, loaded on the first conflict: it may follow the mark by a frame or a fetch.
  await waitFor(driver, `document.querySelector(${JSON.stringify(`${row} [data-testid=conflict-theirs]`)}) !== null`, 'the conflict panel with both sides')
  const sides = await driver.evaluate(
    `[${JSON.stringify(`${row} [data-testid=conflict-yours]`)}, ${JSON.stringify(`${row} [data-testid=conflict-theirs]`)}].map((selector) => document.querySelector(selector)?.textContent ?? null)`,
    z.array(z.string().nullable()),
  )
  check(sides[0] === mine && sides[1] === theirs, `the conflict shows “${sides[0]}” and “${sides[1]}”, not “${mine}” and “${theirs}”`)
  const alert = await driver.evaluate(
    `[...document.querySelectorAll('[role=alert]')].some((notice) => /someone else|jemand anderem/i.test(notice.textContent))`,
    z.boolean(),
  )
  check(alert, 'no notice of the conflict')
  const { target } = await serverTexts(server.origin)
  check(target[key] === theirs, `the server holds “${target[key]}” after the conflict, not the other person's “${theirs}”`)
  return 'both sides shown, the other person’s text kept on the server'
}
