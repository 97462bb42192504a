import type { CompanyType } from '../../../src/domain/company-types'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import type { CompanyItem } from './tree-model'

// What a tree row says about a company: its name, then name2, customer number, place, country
// and type. The search term is marked where it occurs (case-insensitive, as the search).
const TYPE_LABEL: Record<CompanyType, () => string> = {
  X: () => m.companies_tree_type_x(),
  C: () => m.companies_tree_type_c(),
  D: () => m.companies_tree_type_d(),
  I: () => m.companies_tree_type_i(),
  E: () => m.companies_tree_type_e(),
}

const markClass = css({ bg: 'warning.400', color: 'fg', borderRadius: 'sm', px: '0.5' })

export function Marked({ text, term }: { text: string; term: string }) {
  const needle = term.trim().toLocaleLowerCase()
  const at = needle.length >= 3 ? text.toLocaleLowerCase().indexOf(needle) : -1
  if (at < 0) return text
  return (
    <>
      {text.slice(0, at)}
      <mark className={markClass}>{text.slice(at, at + needle.length)}</mark>
      {text.slice(at + needle.length)}
    </>
  )
}

export function CompanyText({ item, term }: { item: CompanyItem; term: string }) {
  const company = item.company
  const details = company
    ? [
        company.name2 ? <span key="name2">{company.name2}</span> : null,
        company.customer_number ? (
          <span key="number">
            {m.companies_tree_customer_number()} <Marked text={company.customer_number} term={term} />
          </span>
        ) : null,
        <span key="place">
          {company.zip} <Marked text={company.city} term={term} />
          {company.country ? `, ${company.country[1]}` : ''}
        </span>,
        <span key="type">{TYPE_LABEL[company.company_type]()}</span>,
      ].filter((part) => part !== null)
    : []
  return (
    <span className={css({ display: 'grid', minW: '0' })}>
      {item.hit ? <span className={css({ srOnly: true })}>{m.companies_tree_hit()}</span> : null}
      <span className={css({ fontWeight: 'semibold', overflowWrap: 'anywhere' })}>
        <Marked text={item.label} term={term} />
      </span>
      {details.length > 0 ? (
        <span className={css({ display: 'flex', flexWrap: 'wrap', columnGap: '3', fontSize: 'sm', color: 'fg.muted', overflowWrap: 'anywhere' })}>
          {details}
        </span>
      ) : null}
    </span>
  )
}
