import { useServerFn } from '@tanstack/react-start'
import type { Failure, Result } from '../../../src/contract/result'
import { m } from '../../../src/paraglide/messages'
import { showFailureToast } from '../../ui/failure-toast'
import { showToast } from '../../ui/toast'
import type { GlossaryRow } from './glossary-keys'
import { glossaryFailure, type GlossaryValues } from './glossary-form'
import { createGlossaryTermFn, deleteGlossaryTermFn, updateGlossaryTermFn } from './glossary.functions'
import { loadStore } from './store'

// Adding, changing and deleting glossary terms: on the server first (online
// only), then in the device's copy, so the translation screens mark and check with it at once.
// A refusal is the failure toast with the server's words and lands on the form's fields.

type Answer = Result<{ term: GlossaryRow }>

async function keep(term: GlossaryRow): Promise<void> {
  const store = await loadStore()
  await store.keepGlossaryTerm(store.translationDb(), term)
}

async function forget(id: number): Promise<void> {
  const store = await loadStore()
  await store.forgetGlossaryTerm(store.translationDb(), id)
}

/** The call, or the words for a connection that failed (an answer that never came). */
async function reach<T>(call: () => Promise<T>): Promise<T | Failure> {
  try {
    return await call()
  } catch {
    return { status: false, messages: [m.glossary_no_connection()] }
  }
}

export function useGlossaryEdits(language: string) {
  const createFn = useServerFn(createGlossaryTermFn)
  const updateFn = useServerFn(updateGlossaryTermFn)
  const deleteFn = useServerFn(deleteGlossaryTermFn)

  /** A refused call: the toast, the term forgotten when the server no longer has it, the form's failure. */
  async function refused(answer: { messages: string[]; httpStatus?: number }, id?: number) {
    showFailureToast(answer.messages)
    if (answer.httpStatus === 404 && id !== undefined) await forget(id)
    return glossaryFailure(answer.messages, answer.httpStatus)
  }

  async function add(values: GlossaryValues) {
    const answer: Answer = await reach(() => createFn({ data: { ...values, language } }))
    if (!answer.status) return refused(answer)
    await keep(answer.data.term)
    const term = answer.data.term.term
    showToast({ title: () => m.glossary_added({ term }), type: 'success' })
  }

  async function change(id: number, values: GlossaryValues) {
    const answer: Answer = await reach(() => updateFn({ data: { id, ...values } }))
    if (!answer.status) return refused(answer, id)
    await keep(answer.data.term)
    const term = answer.data.term.term
    showToast({ title: () => m.glossary_saved({ term }), type: 'success' })
  }

  /** Whether the term is gone (deleted now, or already by someone else). */
  async function remove(entry: GlossaryRow): Promise<boolean> {
    const answer = await reach(() => deleteFn({ data: { id: entry.id } }))
    if (!answer.status) {
      await refused(answer, entry.id)
      return answer.httpStatus === 404
    }
    await forget(entry.id)
    const term = entry.term
    showToast({ title: () => m.glossary_deleted({ term }), type: 'success' })
    return true
  }

  return { add, change, remove }
}
