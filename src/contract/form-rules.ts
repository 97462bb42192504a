import { z } from 'zod'
import { approvalNumber, basketNumber } from './field-rules'

// Form schemas of the orders screens: the fields the endpoints parse with, so the browser's
// forms check the very rule the server applies (the words are in rule-words.ts).

export const basketResetForm = z.object({ number: basketNumber })

export const approvalNumberForm = z.object({ approvalNumber })

/** A chosen file (null: none yet) of at most `limitBytes`, the endpoint's own multipart limit. */
export function uploadFile(limitBytes: number) {
  return z
    .custom<File | null>((value) => value === null || value instanceof File)
    .pipe(z.instanceof(File).refine((file) => file.size <= limitBytes, { params: { limit: limitBytes } }))
}
