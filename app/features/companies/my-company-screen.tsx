import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { MyCompany } from './my-company.functions'
import type { PortalSession } from '../../../src/contract/session'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { messagesOf } from '../../ui/call-result'
import { useLocale } from '../../ui/locale'
import { Notice, Page, headingClass, linkClass, secondaryButtonClass, subheadingClass } from '../../ui/page'
import { Spinner } from '../../ui/spinner'
import { MyCompanyFacts } from './my-company-facts'
import { MyCompanyForm } from './my-company-form'
import { MyCompanyLogoForm } from './my-company-logo-form'
import { myCompanyQueryOptions } from './my-company.functions'

// my-company: the company entity of company info as a form. Master
// data is editable with CAN_CREATE_COMPANIES; the terms (auto-approve, region, discount group,
// assortment, lines) are shown only with it, and set from above — not on one's own company
// unless it is the root (decision 028). Everyone in scope may change the logo.
export function MyCompanyScreen({ cid, session }: { cid: number; session: PortalSession }) {
  const locale = useLocale()
  const query = useQuery(myCompanyQueryOptions(cid, locale))
  const company = query.data
  const canEdit = session.user?.groups.includes('CAN_CREATE_COMPANIES') ?? false
  return (
    <Page>
      {company ? <Breadcrumbs company={company} /> : null}
      <h1 className={headingClass}>{m.my_company_title()}</h1>
      {query.isError && !company ? (
        <div className={css({ display: 'grid', gap: '3', justifyItems: 'start' })}>
          <Notice tone="danger" role="alert">
            <p className={css({ fontWeight: 'semibold' })}>{m.my_company_load_failed()}</p>
            <p>{messagesOf(query.error).join(' ')}</p>
          </Notice>
          <button type="button" className={secondaryButtonClass} onClick={() => void query.refetch()}>
            {m.my_company_retry()}
          </button>
        </div>
      ) : !company ? (
        <Spinner label={m.my_company_loading()} />
      ) : (
        <>
          <p className={subheadingClass} data-testid="my-company-name">
            {company.name1}
          </p>
          <MyCompanyFacts company={company} canEdit={canEdit} isOwn={company.id === session.user?.company[0]} />
          <CompanyLinks company={company} groups={session.user?.groups ?? []} />
          {canEdit ? (
            <MyCompanyForm key={company.id} company={company} termsEditable={company.id !== session.user?.company[0] || company.parent === null} />
          ) : (
            <MyCompanyLogoForm key={company.id} company={company} />
          )}
        </>
      )}
    </Page>
  )
}

/** From the caller's own company down to this one; each crumb opens that company's page. */
function Breadcrumbs({ company }: { company: MyCompany }) {
  if (company.breadcrumbs.length < 2) return null
  return (
    <nav aria-label={m.my_company_breadcrumbs()}>
      <ol className={css({ display: 'flex', flexWrap: 'wrap', gap: '1', listStyle: 'none', p: '0', m: '0', fontSize: 'sm' })}>
        {company.breadcrumbs.map(([id, name], index) => (
          <li key={id} className={css({ display: 'flex', gap: '1', minW: '0', overflowWrap: 'anywhere' })}>
            {index > 0 ? <span aria-hidden>›</span> : null}
            {id === company.id ? (
              <span aria-current="page">{name}</span>
            ) : (
              <Link to="/my-company" search={{ cid: id }} className={linkClass}>
                {name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}

/** Where one goes on from a company: its delivery addresses; a dealer admin also its contacts, the companies below it, a new one below it. */
function CompanyLinks({ company, groups }: { company: MyCompany; groups: ReadonlyArray<string> }) {
  const below = groups.includes('IS_DEALER_ADMIN')
  const create = groups.includes('CAN_CREATE_COMPANIES')
  return (
    <nav aria-label={m.my_company_links()}>
      <ul className={css({ display: 'flex', flexWrap: 'wrap', columnGap: '5', rowGap: '2', listStyle: 'none', p: '0', m: '0' })}>
        {below ? (
          <li>
            <Link to="/companies/$cid" params={{ cid: company.id }} search={{ search: '' }} className={linkClass}>
              {m.my_company_sub_companies()}
            </Link>
          </li>
        ) : null}
        {create ? (
          <li>
            <a href={`/create-company/?cid=${company.id}`} className={linkClass}>
              {m.my_company_create_sub()}
            </a>
          </li>
        ) : null}
        {below ? (
          <li>
            <Link to="/overview-contacts" search={{ cid: company.id }} className={linkClass}>
              {m.contacts_ui_link_contacts()}
            </Link>
          </li>
        ) : null}
        <li>
          <Link to="/{-$location}/overview-delivery" params={{ location: undefined }} search={{ cid: company.id }} className={linkClass}>
            {m.contacts_ui_link_addresses()}
          </Link>
        </li>
      </ul>
    </nav>
  )
}
