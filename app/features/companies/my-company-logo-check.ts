import { z } from 'zod'
import { logoChoice } from '../../../src/contract/company-edit'
import { LOGO_LIMIT } from './my-company-logo-field'

// The logo form's check (my-company without CAN_CREATE_COMPANIES), loaded on first use.
export const myCompanyLogoCheck = z.object({ logo: logoChoice(LOGO_LIMIT), remove_logo: z.boolean() })
