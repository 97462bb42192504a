import type { MyCompany } from './my-company.functions'
import { companyFieldLabel } from '../../../src/domain/company-edit-fields'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { Notice, cardClass } from '../../ui/page'
import { Fact, factsClass } from './my-company-facts'

// Company data shown, not edited: all of it for a user without CAN_CREATE_COMPANIES (read-only,
// no extra fields), the terms of one's own company for a dealer.
const none = (value: string) => value || m.my_company_none()

export function MyCompanyReadOnly({ company }: { company: MyCompany }) {
  return (
    <section className={cardClass} aria-labelledby="my-company-data" data-testid="my-company-read-only">
      <h2 id="my-company-data" className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>
        {m.my_company_section_company()}
      </h2>
      <Notice>{m.my_company_read_only()}</Notice>
      <dl className={factsClass}>
        <Fact label={companyFieldLabel('name1')}>{company.name1}</Fact>
        <Fact label={companyFieldLabel('name2')}>{none(company.name2)}</Fact>
        <Fact label={companyFieldLabel('address1')}>{company.address1}</Fact>
        <Fact label={companyFieldLabel('address2')}>{none(company.address2)}</Fact>
        <Fact label={companyFieldLabel('zip')}>{company.zip}</Fact>
        <Fact label={companyFieldLabel('city')}>{company.city}</Fact>
        <Fact label={companyFieldLabel('country')}>{none(company.country?.[1] ?? '')}</Fact>
        <Fact label={companyFieldLabel('vat_number')}>{none(company.vat_number)}</Fact>
        <Fact label={companyFieldLabel('email')}>{none(company.email)}</Fact>
        <Fact label={companyFieldLabel('phone')}>{none(company.phone)}</Fact>
        <Fact label={companyFieldLabel('mobile')}>{none(company.mobile)}</Fact>
        <Fact label={companyFieldLabel('language')}>{none(company.language?.[1] ?? '')}</Fact>
      </dl>
    </section>
  )
}

/** The terms of the caller's own company, which its supplier sets. */
export function TermsFacts({ company, note }: { company: MyCompany; note: string }) {
  return (
    <div className={css({ gridColumn: '1 / -1', display: 'grid', gap: '3' })} data-testid="my-company-terms-read-only">
      <p className={css({ color: 'fg.muted' })}>{note}</p>
      <dl className={factsClass}>
        <Fact label={companyFieldLabel('region')}>{none(company.region?.[1] ?? '')}</Fact>
        <Fact label={companyFieldLabel('discount_group')}>{none(company.discount_group?.[1] ?? '')}</Fact>
        <Fact label={companyFieldLabel('assortment')}>{none(company.assortment?.[1] ?? '')}</Fact>
        <Fact label={companyFieldLabel('auto_approve')}>{company.auto_approve ? m.my_company_yes() : m.my_company_no()}</Fact>
        <Fact label={companyFieldLabel('lines')}>{company.lines.length > 0 ? company.lines.map(([, name]) => name).join(', ') : m.my_company_no_lines()}</Fact>
      </dl>
    </div>
  )
}
