import { loadGlossaryFn } from './glossary-list.functions'
import { loadStore } from './store'

// Loads the glossary into one language from the server into the device's copy:
// for the translation screens (glossary-editor.tsx loads this module on first use, so
// the call is not in a screen's first load) and the glossary screen. A failed load keeps the copy.

export type SyncOutcome = { kind: 'ok' | 'fresh' | 'offline' | 'login' } | { kind: 'refused'; messages: string[] }

// A screen opened again soon (catalogue → category → article) does not ask again.
const FRESH_MS = 60_000
const syncedAt = new Map<string, number>()
const syncing = new Map<string, Promise<SyncOutcome>>()

async function sync(language: string): Promise<SyncOutcome> {
  const answer = await loadGlossaryFn({ data: { language } })
  if (!answer.status) return answer.httpStatus === 401 ? { kind: 'login' } : { kind: 'refused', messages: answer.messages }
  const store = await loadStore()
  await store.storeGlossary(store.translationDb(), language, answer.data.terms)
  syncedAt.set(language, Date.now())
  return { kind: 'ok' }
}

/** `force`: "Load from server"; without it, a language loaded a minute ago is not asked for again. */
export async function syncGlossary(language: string, { force }: { force: boolean }): Promise<SyncOutcome> {
  if (!force && Date.now() - (syncedAt.get(language) ?? 0) < FRESH_MS) return { kind: 'fresh' }
  const running = syncing.get(language) ?? sync(language).catch((): SyncOutcome => ({ kind: 'offline' }))
  syncing.set(language, running)
  try {
    return await running
  } finally {
    syncing.delete(language)
  }
}
