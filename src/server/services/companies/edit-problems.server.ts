import { companyEditDocument, companyFieldLabel, type CompanyEditDocument } from '../../../contract/company-edit'
import type { Locale } from '../../../contract/envelope'
import { issueField, issueProblem, problemText } from '../../../contract/issue-problem'
import { m } from '../../../paraglide/messages'
import { ApiError, type LocalizedText } from '../../endpoint/errors.server'
import { refuseNulBytes } from '../../endpoint/hostile-input.server'

// The company edit's refusals name the field they are about (data.fields), so the form puts
// each message under its field; the messages list says the same for every other client.

/** A refusal about one field: the message, and the field's problem in data.fields. */
export function fieldRefusal(status: 400 | 403 | 413, field: string, text: LocalizedText, locale: Locale): ApiError {
  return new ApiError(status, [text], { fields: { [field]: [text(locale)] } })
}

/** The document field's JSON, parsed and checked with the contract's schema; 400 otherwise. */
export function parseCompanyDocument(text: string, locale: Locale): CompanyEditDocument {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw fieldRefusal(400, 'document', (l) => m.my_company_document_not_json({}, { locale: l }), locale)
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw fieldRefusal(400, 'document', (l) => m.my_company_document_not_object({}, { locale: l }), locale)
  }
  // The multipart field had none, but its JSON may spell one as \u0000.
  refuseNulBytes({ params: {}, query: {}, body: json })
  const parsed = companyEditDocument.safeParse(json)
  if (parsed.success) return parsed.data
  const texts: LocalizedText[] = []
  const fields: Record<string, string[]> = {}
  for (const issue of parsed.error.issues) {
    const field = issueField(issue) || 'document'
    const problem = issueProblem(issue, json)
    const text: LocalizedText = (l) => problemText(problem, companyFieldLabel(field, l), l)
    texts.push(text)
    fields[field] = [...(fields[field] ?? []), text(locale)]
  }
  throw new ApiError(400, texts, { fields })
}

/** Problems found after parsing (a choice that is not offered, an unknown country), by field. */
export class FieldProblems {
  private readonly texts: LocalizedText[] = []
  private readonly fields: Record<string, string[]> = {}

  constructor(private readonly locale: Locale) {}

  add(field: string, text: LocalizedText): void {
    this.texts.push(text)
    this.fields[field] = [...(this.fields[field] ?? []), text(this.locale)]
  }

  /** Throws the 400 when any problem was added. */
  check(): void {
    if (this.texts.length > 0) throw new ApiError(400, this.texts, { fields: this.fields })
  }
}
