import { z } from 'zod'
import { contactFields } from '../../../src/contract/contacts'
import { LOCALES } from '../../../src/domain/locales'

// The contact form's check, loaded on first use (use-zod-form.tsx): the contract's rules (email
// required and valid, first_name required); edit adds the company (one of
// parent_choices) and active.
export const contactForm = contactFields.extend({
  language: z.enum(LOCALES),
  dealer_admin: z.boolean(),
  opt_out: z.boolean(),
  company: z.string(),
  is_active: z.boolean(),
})
export type ContactFormValues = z.input<typeof contactForm>
export type ContactFormOutput = z.output<typeof contactForm>
