import { z } from 'zod'
import { companyEditDocument, logoChoice } from '../../../src/contract/company-edit'
import { LOGO_LIMIT } from './my-company-logo-field'

// my-company's check, loaded on first use (use-zod-form.tsx): the contract's document with the logo.
export const myCompanyCheck = companyEditDocument.extend({ logo: logoChoice(LOGO_LIMIT), remove_logo: z.boolean() })
