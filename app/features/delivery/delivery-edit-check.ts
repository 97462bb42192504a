import { addressEditInput } from '../../../src/contract/delivery'

// delivery-edit's check, loaded on first use (use-zod-form.tsx): only the fields the form edits.
export const deliveryEditCheck = addressEditInput.pick({ name1: true, name2: true, phone: true, mobile: true, email: true })
