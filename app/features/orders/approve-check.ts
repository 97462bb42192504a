import { approvalNumberForm } from '../../../src/contract/form-rules'

// The approval dialog's check, loaded on first use (use-zod-form.tsx).
export const approveCheck = approvalNumberForm
