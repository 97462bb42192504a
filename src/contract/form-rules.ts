import { z } from 'zod'
import { checkApprovalNumber } from '../domain/approval-number'
import { checkBasketNumber } from '../domain/basket-number'
import { approvalNumber } from './orders'

// Form schemas for rules the handlers check in code (src/domain), so the browser's forms parse
// with the very rule the server applies; the words are in basket-number-message.ts and
// approval-number-message.ts.

export const basketResetForm = z.object({
  number: z
    .string()
    .max(64)
    .superRefine((value, context) => {
      const problem = checkBasketNumber(value)
      if (problem) context.addIssue({ code: 'custom', params: { problem } })
    }),
})

export const approvalNumberForm = z.object({
  approvalNumber: approvalNumber.superRefine((value, context) => {
    const check = checkApprovalNumber(value)
    if (!check.ok) context.addIssue({ code: 'custom', params: { problem: check.problem } })
  }),
})

/** A chosen file (null: none yet) of at most `limitBytes`, the endpoint's own multipart limit. */
export function uploadFile(limitBytes: number) {
  return z
    .custom<File | null>((value) => value === null || value instanceof File)
    .pipe(z.instanceof(File).refine((file) => file.size <= limitBytes, { params: { limit: limitBytes } }))
}
