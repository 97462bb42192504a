import { useStore } from '@tanstack/react-form'
import { m } from '../../../src/paraglide/messages'
import { useZodForm } from '../../ui/form/use-zod-form'
import { Section } from './my-company-form'
import { LogoField, logoTooBig } from './my-company-logo-field'
import { MyCompanyReadOnly } from './my-company-read-only'
import { useSaveCompany } from './my-company-save'
import type { MyCompany } from './my-company.functions'
import { CheckboxInput } from '../../ui/form/checkbox-input'

// my-company without CAN_CREATE_COMPANIES: the data read-only, the logo
// editable (decision 028). The stored data goes back unchanged as the document.
export function MyCompanyLogoForm({ company }: { company: MyCompany }) {
  const saveCompany = useSaveCompany()
  const form = useZodForm({
    schema: () => import('./my-company-logo-check').then((module) => module.myCompanyLogoCheck),
    defaultValues: { logo: null, remove_logo: false },
    labels: { logo: () => m.my_company_field_logo() },
    onSubmit: async ({ logo, remove_logo: removeLogo }) => {
      const outcome = await saveCompany(company.id, { ...storedDocument(company), remove_logo: removeLogo }, logo)
      if (!outcome.ok) return outcome.failure
      form.reset()
    },
  })
  const logo = useStore(form.store, (state) => state.values.logo)
  const removing = useStore(form.store, (state) => state.values.remove_logo)
  return (
    <>
      <MyCompanyReadOnly company={company} />
      <form.AppForm>
        <form.Frame label={m.my_company_section_logo()}>
          <Section title={m.my_company_section_logo()} wide>
            <form.AppField name="logo">{() => <LogoField current={company.logo} companyName={company.name1} removing={removing} />}</form.AppField>
            {company.logo && !logo ? <form.AppField name="remove_logo">{() => <CheckboxInput label={m.logo_remove()} />}</form.AppField> : null}
          </Section>
          <form.Alert />
          <form.SubmitButton disabled={logoTooBig(logo) || (!logo && !removing)} busyLabel={m.my_company_saving()}>
            {m.my_company_save_logo()}
          </form.SubmitButton>
        </form.Frame>
      </form.AppForm>
    </>
  )
}

/** The stored master data as the document: a user without the permission changes none of it. */
function storedDocument(company: MyCompany) {
  const { name1, name2, address1, address2, zip, city, vat_number, email, phone, mobile } = company
  return { name1, name2, address1, address2, zip, city, country: company.country?.[0] ?? '', vat_number, email, phone, mobile }
}
