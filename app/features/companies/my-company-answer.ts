import { z } from 'zod'
import { companyEditData, companyEditProblems } from '../../../src/contract/company-edit'
import { m } from '../../../src/paraglide/messages'
import type { SaveOutcome } from './my-company-save'

// How my-company's save reads the upload's answer (zod and the contract), loaded when a save
// answers, not with the screen (docs/decisions/035-page-weight.md).
const envelope = z.object({ status: z.boolean(), messages: z.array(z.string()), data: z.unknown().optional() })

export function readCompanyEditAnswer(answer: { httpStatus: number; body: unknown }): SaveOutcome {
  const parsed = envelope.safeParse(answer.body)
  if (!parsed.success) return { ok: false, failure: { messages: [m.upload_failed_status({ status: String(answer.httpStatus) })] } }
  if (parsed.data.status) {
    const data = companyEditData.safeParse(parsed.data.data)
    return data.success ? { ok: true, data: data.data } : { ok: false, failure: { messages: [m.upload_failed_status({ status: String(answer.httpStatus) })] } }
  }
  const { messages } = parsed.data
  const problems = companyEditProblems.safeParse(parsed.data.data)
  // A request too large for the server to read is about the logo, the only large part.
  const fields = problems.success ? problems.data.fields : answer.httpStatus === 413 ? { logo: messages } : undefined
  return { ok: false, failure: { messages, fields } }
}
