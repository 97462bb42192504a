import { useStore } from '@tanstack/react-form'
import type { ReactNode } from 'react'
import type { MyCompany } from './my-company.functions'
import { COMPANY_TEXT_LIMITS, companyFieldLabel } from '../../../src/domain/company-edit-fields'
import { m } from '../../../src/paraglide/messages'
import { css, cx } from '../../../styled-system/css'
import { cardClass } from '../../ui/page'
import { useZodForm } from '../../ui/form/use-zod-form'
import { TermsFacts } from './my-company-read-only'
import { LinesField } from './my-company-lines-field'
import { LogoField, logoTooBig } from './my-company-logo-field'
import { useSaveCompany } from './my-company-save'
import { CheckboxInput } from '../../ui/form/checkbox-input'
import { SelectInput } from '../../ui/form/select-input'

// The my-company form for CAN_CREATE_COMPANIES, on the forms layer: the contract's document
// schema with the logo. The terms are sent only where they are set from here (termsEditable).
type Props = { company: MyCompany; termsEditable: boolean }

const code = (value: readonly [string, string] | null) => value?.[0] ?? ''

type TextField = keyof typeof COMPANY_TEXT_LIMITS

export function MyCompanyForm({ company, termsEditable }: Props) {
  const saveCompany = useSaveCompany()
  const form = useZodForm({
    schema: () => import('./my-company-check').then((module) => module.myCompanyCheck),
    defaultValues: {
      name1: company.name1,
      name2: company.name2,
      address1: company.address1,
      address2: company.address2,
      zip: company.zip,
      city: company.city,
      country: code(company.country),
      vat_number: company.vat_number,
      email: company.email,
      phone: company.phone,
      mobile: company.mobile,
      language: code(company.language),
      region: code(company.region),
      discount_group: code(company.discount_group),
      assortment: code(company.assortment),
      lines: company.lines.map(([id]) => id),
      auto_approve: company.auto_approve,
      remove_logo: false,
      logo: null,
    },
    labels: Object.fromEntries(
      ['logo', ...Object.keys(COMPANY_TEXT_LIMITS), 'country', 'language', 'region', 'discount_group', 'assortment', 'lines'].map((f) => [
        f,
        () => companyFieldLabel(f),
      ]),
    ),
    onSubmit: async ({ logo, remove_logo: removeLogo, ...values }) => {
      const { region, discount_group: discountGroup, assortment, lines, auto_approve: autoApprove, ...master } = values
      const terms = termsEditable ? { region, discount_group: discountGroup, assortment, lines, auto_approve: autoApprove } : {}
      const outcome = await saveCompany(company.id, { ...master, ...terms, remove_logo: removeLogo }, logo)
      if (!outcome.ok) return outcome.failure
      form.setFieldValue('logo', null)
      form.setFieldValue('remove_logo', false)
    },
  })
  const logo = useStore(form.store, (state) => state.values.logo)
  const removing = useStore(form.store, (state) => state.values.remove_logo)
  const textField = (name: TextField, required = false, type: 'text' | 'email' = 'text', autoComplete?: string) => (
    <form.AppField name={name}>
      {(field) => (
        <field.TextInput
          label={companyFieldLabel(name)}
          hint={m.my_company_max_chars({ max: String(COMPANY_TEXT_LIMITS[name]) })}
          required={required}
          type={type}
          autoComplete={autoComplete}
          maxLength={COMPANY_TEXT_LIMITS[name]}
        />
      )}
    </form.AppField>
  )
  return (
    <form.AppForm>
      <form.Frame label={m.my_company_title()} className={css({ gap: '5' })}>
        <Section title={m.my_company_section_company()}>
          {textField('name1', true, 'text', 'organization')}
          {textField('name2')}
          {textField('address1', true, 'text', 'address-line1')}
          {textField('address2', false, 'text', 'address-line2')}
          {textField('zip', true, 'text', 'postal-code')}
          {textField('city', true, 'text', 'address-level2')}
          <form.AppField name="country">{() => <SelectInput label={companyFieldLabel('country')} choices={company.country_choices} required />}</form.AppField>
          {textField('vat_number')}
        </Section>
        <Section title={m.my_company_section_contact()}>
          {textField('email', false, 'email', 'email')}
          {textField('phone', false, 'text', 'tel')}
          {textField('mobile', false, 'text', 'tel')}
          <form.AppField name="language">{() => <SelectInput label={companyFieldLabel('language')} choices={company.language_choices} />}</form.AppField>
        </Section>
        <Section title={m.my_company_section_terms()}>
          {termsEditable ? (
            <>
              <form.AppField name="region">{() => <SelectInput label={companyFieldLabel('region')} choices={company.region_choices} />}</form.AppField>
              <form.AppField name="discount_group">
                {() => <SelectInput label={companyFieldLabel('discount_group')} choices={company.discount_group_choices} />}
              </form.AppField>
              <form.AppField name="assortment">
                {() => <SelectInput label={companyFieldLabel('assortment')} choices={company.assortment_choices} />}
              </form.AppField>
              <form.AppField name="auto_approve">{() => <CheckboxInput label={companyFieldLabel('auto_approve')} />}</form.AppField>
              <div className={css({ gridColumn: '1 / -1' })}>
                <form.AppField name="lines">{() => <LinesField choices={company.line_choices} />}</form.AppField>
              </div>
            </>
          ) : (
            <TermsFacts company={company} note={m.my_company_terms_own()} />
          )}
        </Section>
        <Section title={m.my_company_section_logo()} wide>
          <form.AppField name="logo">{() => <LogoField current={company.logo} companyName={company.name1} removing={removing} />}</form.AppField>
          {company.logo && !logo ? <form.AppField name="remove_logo">{() => <CheckboxInput label={m.logo_remove()} />}</form.AppField> : null}
        </Section>
        <form.Alert />
        <form.SubmitButton disabled={logoTooBig(logo)} busyLabel={m.my_company_saving()}>
          {m.my_company_save()}
        </form.SubmitButton>
      </form.Frame>
    </form.AppForm>
  )
}

// A fieldset is as wide as its content by default: on a phone that would scroll sideways.
const fieldsetClass = css({ minW: '0', m: '0' })
const columnsClass = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, gap: '4', minW: '0' })
const wideClass = css({ display: 'grid', gap: '4', minW: '0' })

/** A group of fields under its legend: two columns from md on, or one (`wide`). */
export function Section({ title, wide = false, children }: { title: string; wide?: boolean; children: ReactNode }) {
  return (
    <fieldset className={cx(cardClass, fieldsetClass)}>
      <legend className={css({ fontWeight: 'semibold', fontSize: 'lg', px: '1' })}>{title}</legend>
      <div className={wide ? wideClass : columnsClass}>{children}</div>
    </fieldset>
  )
}
