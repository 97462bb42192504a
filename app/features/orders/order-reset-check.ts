import { basketResetForm } from '../../../src/contract/form-rules'

// order-reset's check, loaded on first use (use-zod-form.tsx).
export const orderResetCheck = basketResetForm
