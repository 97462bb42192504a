import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import type { CompanyEditData } from '../../../src/contract/company-edit'
import { m } from '../../../src/paraglide/messages'
import { showFailureToast } from '../../ui/failure-toast'
import { showToast } from '../../ui/toast'
import { uploadWithProgress } from '../../ui/upload-request'
import { refreshOwnCompanyFn } from './my-company.functions'

// my-company's save: POST /vue/company/{id}/edit/ as a browser upload (the document as JSON
// and the logo file) through /upload/company-edit, which adds the session. 'saved' on success;
// a failure is a toast titled 'Failure' and its messages on their fields. The
// answer is read by my-company-answer.ts, loaded when it comes.

/** A refusal: its messages, and by field where the answer names them (the form puts them there). */
export type SaveFailure = { messages: ReadonlyArray<string>; fields?: Record<string, ReadonlyArray<string>> }
export type SaveOutcome = { ok: true; data: CompanyEditData } | { ok: false; failure: SaveFailure }

/** saveCompany bound to this page's query client and router. */
export function useSaveCompany(): (id: number, document: Record<string, unknown>, logo: File | null) => Promise<SaveOutcome> {
  const queryClient = useQueryClient()
  const router = useRouter()
  // The user menu shows the session's company name: the session's copy follows, then the page.
  return (id, document, logo) =>
    saveCompany(queryClient, id, document, logo, async () => {
      await refreshOwnCompanyFn()
      await router.invalidate()
    })
}

export async function saveCompany(
  queryClient: QueryClient,
  id: number,
  document: Record<string, unknown>,
  logo: File | null,
  afterSave: () => Promise<void> = async () => {},
): Promise<SaveOutcome> {
  const body = new FormData()
  body.set('document', JSON.stringify(document))
  if (logo) body.set('logo', logo)
  let outcome: SaveOutcome
  try {
    const answer = await uploadWithProgress(`/upload/company-edit?id=${id}`, body, () => {})
    outcome = (await import('./my-company-answer')).readCompanyEditAnswer(answer)
  } catch {
    outcome = { ok: false, failure: { messages: [m.upload_network()] } }
  }
  if (outcome.ok) {
    showToast({ title: () => (outcome.data.changed.length > 0 ? m.my_company_saved() : m.my_company_nothing_changed()), type: 'success' })
    await Promise.all([queryClient.invalidateQueries({ queryKey: ['companies', id] }), afterSave()])
  } else {
    showFailureToast(outcome.failure.messages)
  }
  return outcome
}
