import { addressCreateInput } from '../../../src/contract/delivery'

// delivery-create's check, loaded on first use (use-zod-form.tsx). A module of its own, as each
// form's check is: imported from two forms, the contract module itself was merged by the bundler
// into a chunk that every delivery screen loads first, zod with it.
export const deliveryCreateCheck = addressCreateInput
