import { z } from 'zod'
import { registerCompanyInput } from '../../../src/contract/register'
import { COMPANY_TYPES } from '../../../src/domain/company-types'

// register-company's check, loaded on first use (use-zod-form.tsx): the contract's body without
// the link's token (the page has it), the company type always chosen in the form.
export const registerCompanyCheck = registerCompanyInput
  .omit({ token: true })
  .extend({ company_type: z.enum(COMPANY_TYPES), opt_out: z.boolean(), user_opt_opt: z.boolean() })
