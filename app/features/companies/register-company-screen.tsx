import { useQuery } from '@tanstack/react-query'
import { Link, useRouter } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import { COMPANY_FIELD_MAX } from '../../../src/domain/company-fields'
import { COMPANY_TYPES } from '../../../src/domain/company-types'
import { m } from '../../../src/paraglide/messages'
import { showFailureToast } from '../../ui/failure-toast'
import { keepLocation } from '../../ui/keep-location'
import { css } from '../../../styled-system/css'
import { messagesOf } from '../../ui/call-result'
import { useZodForm } from '../../ui/form/use-zod-form'
import { useLocale } from '../../ui/locale'
import { Notice, Page, cardClass, headingClass, linkClass } from '../../ui/page'
import { Spinner } from '../../ui/spinner'
import { showToast } from '../../ui/toast'
import { CONTACT_FIELDS, LABELS, TEXT_FIELDS, TYPE_LABEL, gridClass } from './company-create-form'
import { countryChoicesQueryOptions } from './company-create.functions'
import { registerCompanyFn, registerLinkCheckFn } from './register-company.functions'
import { CheckboxInput } from '../../ui/form/checkbox-input'
import { SelectInput } from '../../ui/form/select-input'

// register-company (docs/decisions/030-mail-tokens-passwords.md): step 2 from the mailed link — the
// company (phone required here), then the login. A link that no longer works says so and offers
// step 1. The check is register-company-check.ts, loaded on first use.

export function RegisterCompanyScreen({ token }: { token: string }) {
  const locale = useLocale()
  const countries = useQuery(countryChoicesQueryOptions(locale))
  const [linkProblem, setLinkProblem] = useState<ReadonlyArray<string> | null>(null)
  // The link is judged when the page opens: an unknown, spent or expired one says so at once.
  const check = useQuery({ queryKey: ['register-link', token], queryFn: () => registerLinkCheckFn({ data: { token } }), staleTime: Infinity, retry: false })
  const problem = linkProblem ?? check.data?.problem ?? null
  return (
    <Page>
      <h1 id="page-heading" className={headingClass}>
        {m.register_company_title()}
      </h1>
      {problem ? (
        <Notice tone="warning" role="alert">
          <p>{problem.join(' ')}</p>
          <p>
            <Link to="/{-$location}/register" params={keepLocation} className={linkClass}>
              {m.register_company_new_mail()}
            </Link>
          </p>
        </Notice>
      ) : null}
      {countries.isPending || check.isPending ? <Spinner label={m.loading()} /> : null}
      {countries.isError ? (
        <Notice tone="danger" role="alert">
          {messagesOf(countries.error).join(' ')}
        </Notice>
      ) : null}
      {countries.data && !problem && !check.isPending ? <RegisterCompanyForm token={token} countries={countries.data} onLinkProblem={setLinkProblem} /> : null}
    </Page>
  )
}

function RegisterCompanyForm({
  token,
  countries,
  onLinkProblem,
}: {
  token: string
  countries: ReadonlyArray<[string, string]>
  onLinkProblem: (messages: ReadonlyArray<string>) => void
}) {
  const router = useRouter()
  const register = useServerFn(registerCompanyFn)
  const form = useZodForm({
    schema: () => import('./register-company-check').then((module) => module.registerCompanyCheck),
    defaultValues: {
      name1: '',
      name2: '',
      address1: '',
      address2: '',
      zip: '',
      city: '',
      country: countries.find(([code]) => code === 'DE')?.[0] ?? countries[0]?.[0] ?? '',
      company_type: 'C',
      vat_number: '',
      customer_number: '',
      email: '',
      phone: '',
      mobile: '',
      opt_out: false,
      user_opt_opt: false,
    },
    labels: LABELS,
    onSubmit: async (value) => {
      const result = await register({ data: { token, ...value } })
      if (result.status) {
        const name = result.data.company
        showToast({ title: () => m.register_company_done(), lines: [() => m.register_company_done_line({ company: name })], type: 'success' })
        await router.navigate({ to: '/{-$location}/login', params: keepLocation, search: { redirect: undefined } })
        return
      }
      if (result.tokenProblem) return void onLinkProblem(result.messages)
      showFailureToast(result.messages)
      return { messages: result.messages }
    },
  })
  const field = (spec: (typeof TEXT_FIELDS)[number], required = spec.required) => (
    <form.AppField key={spec.name} name={spec.name}>
      {(input) => (
        <input.TextInput
          label={LABELS[spec.name]()}
          required={required}
          type={spec.type}
          autoComplete={spec.autoComplete}
          inputMode={spec.inputMode}
          maxLength={COMPANY_FIELD_MAX[spec.name]}
        />
      )}
    </form.AppField>
  )
  return (
    <section className={cardClass} aria-labelledby="page-heading">
      <form.AppForm>
        <form.Frame>
          <p>{m.register_company_intro()}</p>
          <fieldset className={gridClass}>
            <legend className={css({ fontWeight: 'semibold', mb: '2' })}>{m.company_create_section_company()}</legend>
            {TEXT_FIELDS.map((spec) => field(spec))}
            <form.AppField name="country">{() => <SelectInput label={LABELS.country()} choices={countries} required />}</form.AppField>
            <form.AppField name="company_type">
              {() => <SelectInput label={LABELS.company_type()} choices={COMPANY_TYPES.map((code) => [code, TYPE_LABEL[code]()] as const)} required />}
            </form.AppField>
          </fieldset>
          <fieldset className={gridClass}>
            <legend className={css({ fontWeight: 'semibold', mb: '2' })}>{m.company_create_section_contact()}</legend>
            {CONTACT_FIELDS.map((spec) => field(spec, spec.name === 'phone'))}
          </fieldset>
          <form.AppField name="opt_out">{() => <CheckboxInput label={m.register_company_opt_out()} />}</form.AppField>
          <form.AppField name="user_opt_opt">{() => <CheckboxInput label={m.register_company_user_opt()} />}</form.AppField>
          <form.Alert />
          <form.SubmitButton busyLabel={m.register_company_submit()}>{m.register_company_submit()}</form.SubmitButton>
        </form.Frame>
      </form.AppForm>
    </section>
  )
}
