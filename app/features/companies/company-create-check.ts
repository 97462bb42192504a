import { z } from 'zod'
import { companyCreateInput } from '../../../src/contract/company-parent'
import { COMPANY_TYPES } from '../../../src/domain/company-types'

// The new company's check, loaded on first use (use-zod-form.tsx): the contract's schema, the
// type always chosen in the form.
export const companyCreateCheck = companyCreateInput.extend({ company_type: z.enum(COMPANY_TYPES) })
