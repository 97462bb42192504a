import type { ReactNode } from 'react'
import type { MyCompany } from './my-company.functions'
import type { CompanyType } from '../../../src/domain/company-types'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { linkClass } from '../../ui/page'

// What my-company shows but never edits: customer number, company type and parent; the way
// to change the parent (its own screen) with CAN_CREATE_COMPANIES.
const TYPE_LABELS: Record<CompanyType, () => string> = {
  X: () => m.my_company_type_X(),
  C: () => m.my_company_type_C(),
  D: () => m.my_company_type_D(),
  I: () => m.my_company_type_I(),
  E: () => m.my_company_type_E(),
}

export const factsClass = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: 'minmax(9rem, max-content) 1fr' },
  columnGap: '6',
  rowGap: { base: '0', sm: '2' },
  alignItems: 'baseline',
  m: '0',
  '& dt': { color: 'fg.muted', fontSize: 'sm', mt: { base: '2', sm: '0' } },
  '& dd': { m: '0', overflowWrap: 'anywhere' },
})

export function MyCompanyFacts({ company, canEdit, isOwn }: { company: MyCompany; canEdit: boolean; isOwn: boolean }) {
  return (
    <dl className={factsClass}>
      <Fact label={m.my_company_customer_number()}>{company.customer_number || m.my_company_none()}</Fact>
      <Fact label={m.my_company_type()}>{TYPE_LABELS[company.company_type]()}</Fact>
      <Fact label={m.my_company_parent()}>
        <span className={css({ display: 'flex', flexWrap: 'wrap', columnGap: '3', rowGap: '1' })}>
          <span>{company.parent?.[1] ?? m.my_company_no_parent()}</span>
          {/* One's own company cannot be moved: its new parent would lie outside one's scope. */}
          {canEdit && !isOwn && company.parent !== null ? (
            // The change-parent screen is its own route
            // (docs/decisions/029-company-parent-and-create.md).
            <a href={`/change-parent/?cid=${company.id}`} className={linkClass} data-testid="change-parent-link">
              {m.my_company_change_parent()}
            </a>
          ) : null}
        </span>
      </Fact>
    </dl>
  )
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  )
}
