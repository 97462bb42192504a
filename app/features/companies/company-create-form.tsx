import { useServerFn } from '@tanstack/react-start'
import { COMPANY_TYPES, type CompanyType } from '../../../src/domain/company-types'
import { COMPANY_FIELD_MAX } from '../../../src/domain/company-fields'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { showFailureToast } from '../../ui/failure-toast'
import { useZodForm } from '../../ui/form/use-zod-form'
import { showToast } from '../../ui/toast'
import { createSubCompanyFn } from './company-create.functions'
import { SelectInput } from '../../ui/form/select-input'

// The new company's fields on the forms layer: the contract's schema (company-create-check.ts,
// loaded on first use), the limits said as hints, the server's refusal on its field.

export const TYPE_LABEL: Record<CompanyType, () => string> = {
  X: () => m.company_create_type_X(),
  C: () => m.company_create_type_C(),
  D: () => m.company_create_type_D(),
  I: () => m.company_create_type_I(),
  E: () => m.company_create_type_E(),
}

export const LABELS = {
  name1: () => m.company_create_field_name1(),
  name2: () => m.company_create_field_name2(),
  address1: () => m.company_create_field_address1(),
  address2: () => m.company_create_field_address2(),
  zip: () => m.company_create_field_zip(),
  city: () => m.company_create_field_city(),
  country: () => m.company_create_field_country(),
  company_type: () => m.company_create_field_company_type(),
  vat_number: () => m.company_create_field_vat_number(),
  customer_number: () => m.company_create_field_customer_number(),
  email: () => m.company_create_field_email(),
  phone: () => m.company_create_field_phone(),
  mobile: () => m.company_create_field_mobile(),
}

type TextField = Exclude<keyof typeof LABELS, 'country' | 'company_type'>
export const TEXT_FIELDS: ReadonlyArray<{ name: TextField; required?: boolean; type?: 'email'; autoComplete?: string; inputMode?: 'tel' }> = [
  { name: 'name1', required: true, autoComplete: 'organization' },
  { name: 'name2' },
  { name: 'address1', required: true, autoComplete: 'address-line1' },
  { name: 'address2', autoComplete: 'address-line2' },
  { name: 'zip', required: true, autoComplete: 'postal-code' },
  { name: 'city', required: true, autoComplete: 'address-level2' },
]
export const CONTACT_FIELDS: typeof TEXT_FIELDS = [
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'phone', autoComplete: 'tel', inputMode: 'tel' },
  { name: 'mobile', autoComplete: 'tel', inputMode: 'tel' },
  { name: 'vat_number' },
  { name: 'customer_number' },
]

export const gridClass = css({ display: 'grid', gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, gap: '4' })

type Props = { cid: number; countries: ReadonlyArray<[string, string]>; onCreated: () => Promise<void> }

export function CompanyCreateForm({ cid, countries, onCreated }: Props) {
  const create = useServerFn(createSubCompanyFn)
  const zodForm = useZodForm({
    schema: () => import('./company-create-check').then((module) => module.companyCreateCheck),
    defaultValues: {
      name1: '',
      name2: '',
      address1: '',
      address2: '',
      zip: '',
      city: '',
      country: countries[0]?.[0] ?? '',
      company_type: 'X',
      vat_number: '',
      customer_number: '',
      email: '',
      phone: '',
      mobile: '',
    },
    labels: LABELS,
    onSubmit: async (value) => {
      const result = await create({ data: { cid, ...value } })
      if (!result.status) {
        showFailureToast(result.messages)
        return { messages: result.messages }
      }
      showToast({ title: () => m.company_create_saved(), lines: [() => m.company_create_saved_line({ company: result.data.company[1] })], type: 'success' })
      await onCreated()
    },
  })
  const field = (spec: (typeof TEXT_FIELDS)[number]) => (
    <zodForm.AppField key={spec.name} name={spec.name}>
      {(input) => (
        <input.TextInput
          label={LABELS[spec.name]()}
          hint={m.company_create_hint_max({ max: String(COMPANY_FIELD_MAX[spec.name]) })}
          required={spec.required}
          type={spec.type}
          autoComplete={spec.autoComplete}
          inputMode={spec.inputMode}
          maxLength={COMPANY_FIELD_MAX[spec.name]}
        />
      )}
    </zodForm.AppField>
  )
  return (
    <zodForm.AppForm>
      <zodForm.Frame label={m.company_create_title()}>
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{m.company_create_intro()}</p>
        <fieldset className={gridClass}>
          <legend className={css({ fontWeight: 'semibold', mb: '2' })}>{m.company_create_section_company()}</legend>
          {TEXT_FIELDS.map(field)}
          <zodForm.AppField name="country">{() => <SelectInput label={LABELS.country()} choices={countries} required />}</zodForm.AppField>
          <zodForm.AppField name="company_type">
            {() => <SelectInput label={LABELS.company_type()} choices={COMPANY_TYPES.map((code) => [code, TYPE_LABEL[code]()] as const)} required />}
          </zodForm.AppField>
        </fieldset>
        <fieldset className={gridClass}>
          <legend className={css({ fontWeight: 'semibold', mb: '2' })}>{m.company_create_section_contact()}</legend>
          {CONTACT_FIELDS.map(field)}
        </fieldset>
        <zodForm.Alert />
        <zodForm.SubmitButton busyLabel={m.company_create_busy()}>{m.company_create_submit()}</zodForm.SubmitButton>
      </zodForm.Frame>
    </zodForm.AppForm>
  )
}
