import { z } from 'zod'
import { COMPANY_FIELD_MAX } from '../domain/company-fields'
import { companyCreateInput } from './company-parent'
import { NO_BODY, NO_PARAMS, NO_QUERY, defineEndpoint } from './endpoint'
import { pair } from './envelope'
import { emailAddress } from './field-rules'
import { MAX_PASSWORD_LENGTH, linkCheckData, newPassword, passwordChangeProblems, passwordProblems } from './password'

// Registration in two steps (decision 030): the user, then —
// from a mailed link — the company.
const name = (max: number) => z.string().trim().min(1).max(max)

export const registerContactInput = z.object({
  email: emailAddress(254),
  password1: newPassword,
  password2: z.string().max(MAX_PASSWORD_LENGTH),
  first_name: name(100),
  middle_name: z.string().trim().max(100).default(''),
  last_name: name(100),
})

export const registerContactEndpoint = defineEndpoint({
  id: 'register.contact',
  area: 'session',
  method: 'POST',
  path: '/vue/register/contact/',
  summary:
    'Registration step 1: the user. Mails the link to step 2 (valid 7 days, once); an address that has an account gets a mail saying so instead — the answer is the same.',
  access: { kind: 'public' },
  failures: [400, 429],
  failureData: { 400: passwordChangeProblems },
  params: NO_PARAMS,
  query: NO_QUERY,
  body: registerContactInput,
  data: z.object({ email: z.string() }),
})

/** The form of step 1: the same rules, both passwords checked together and worded as the spec does. */
export const registerContactForm = registerContactInput.extend({ password1: z.string().max(MAX_PASSWORD_LENGTH) }).superRefine((value, context) => {
  const problems = passwordProblems(value.password1, value.password2)
  if (problems.password) context.addIssue({ code: 'custom', path: ['password1'], params: { problem: problems.password } })
  if (problems.password2) context.addIssue({ code: 'custom', path: ['password2'], params: { problem: problems.password2 } })
})

export const registerCompanyInput = companyCreateInput.extend({
  token: z.string().max(200),
  phone: z.string().trim().min(1).max(COMPANY_FIELD_MAX.phone),
  opt_out: z.boolean().default(false),
  user_opt_opt: z.boolean().default(false),
})

export const registerCompanyEndpoint = defineEndpoint({
  id: 'register.company',
  area: 'session',
  method: 'POST',
  path: '/vue/register/company/',
  summary: 'Registration step 2: the company of the user the token names, below the site’s registration parent; the user can log in afterwards.',
  access: { kind: 'public' },
  failures: [400, 409],
  failureData: { 400: passwordChangeProblems },
  params: NO_PARAMS,
  query: NO_QUERY,
  body: registerCompanyInput,
  data: z.object({ username: z.string(), company: pair(z.number().int()) }),
})

export const registerLinkCheckEndpoint = defineEndpoint({
  id: 'register.company-check',
  area: 'session',
  method: 'GET',
  path: '/vue/register/company/',
  summary: 'Whether a registration link (its token) still works; changes nothing. 400 with data.token_problem otherwise.',
  access: { kind: 'public' },
  failures: [400],
  failureData: { 400: passwordChangeProblems },
  params: NO_PARAMS,
  query: z.object({ token: z.string().max(200) }),
  body: NO_BODY,
  data: linkCheckData,
})
