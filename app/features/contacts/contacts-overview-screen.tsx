import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { CompanyContact } from '../../../src/contract/contacts'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { button } from '../../../styled-system/recipes'
import { TableOrCards } from '../../ui/data-cards'
import { listState, type Column } from '../../ui/data-table'
import { FilterField } from '../../ui/filter-field'
import { formatDateTime } from '../../ui/format'
import { useLocale } from '../../ui/locale'
import { Page, headingClass, subheadingClass } from '../../ui/page'
import { Pager } from '../../ui/pager'
import { RowMenus, RowActions } from '../../ui/row-menu'
import { TooltipGroup } from '../../ui/tooltip'
import { contactRowActions } from './contact-row-actions'
import { companyContactsQueryOptions } from './company-contacts.functions'
import { ContactMarks } from './contact-marks'
import { ACTIVE_PARAM, CONTACT_STATES, type ContactState, type ContactsOverviewSearch } from './contacts-overview-search'

// contacts-overview (docs/decisions/031-delivery-addresses-and-contacts.md): the contacts of one
// company with their state and dealer-admin mark; which ones, the search and the page are in the
// URL.
const SEARCH_DEBOUNCE_MS = 300

const STATE_LABEL: Record<ContactState, () => string> = {
  all: () => m.contacts_ui_show_all(),
  active: () => m.contacts_ui_show_active(),
  inactive: () => m.contacts_ui_show_inactive(),
}

/** The columns; a row's actions link to its activity when the caller may read the trail. */
function contactColumns(trail: boolean): Array<Column<CompanyContact>> {
  return [
    { id: 'name', header: () => m.contacts_ui_col_name(), cell: (row) => row.name, text: (row) => row.name, card: 'title' },
    { id: 'email', header: () => m.contacts_ui_col_email(), cell: (row) => row.email, text: (row) => row.email },
    { id: 'marks', header: () => m.contacts_ui_col_state(), cell: (row) => <ContactMarks contact={row} />, text: (row) => String(row.is_active) },
    { id: 'last_login', header: () => m.contacts_ui_col_last_login(), cell: (row) => formatDateTime(row.last_login), text: (row) => row.last_login ?? '' },
    {
      id: 'edit',
      // Edit alone, or edit and the activity: then "Actions".
      header: () => (trail ? m.row_actions() : m.contacts_ui_col_edit()),
      card: 'actions',
      cell: (row) => (
        <span className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
          <RowActions name={row.name} actions={contactRowActions(row, trail)} />
        </span>
      ),
    },
  ]
}

type Props = {
  cid: number
  search: ContactsOverviewSearch
  onSearch: (change: Partial<ContactsOverviewSearch>) => void
  canCreate: boolean
  /** Whether the caller may read the activity trail: each row links to its own. */
  trail: boolean
}

export function ContactsOverviewScreen({ cid, search, onSearch, canCreate, trail }: Props) {
  useLocale()
  // The radio shows the choice at once; the URL (and the list) follow a moment later.
  const [shown, setShown] = useState(search.show)
  const [urlShow, setUrlShow] = useState(search.show)
  if (urlShow !== search.show) {
    // The URL changed (this choice arriving, or back/forward): it wins.
    setUrlShow(search.show)
    setShown(search.show)
  }
  const list = useQuery({
    ...companyContactsQueryOptions({ id: cid, active: ACTIVE_PARAM[search.show], search: search.search, page: search.page }),
    placeholderData: keepPreviousData,
  })
  const data = list.data
  const company = data && data.company[0] === cid ? data.company[1] : null
  return (
    <Page wide>
      <header className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'end', justifyContent: 'space-between' })}>
        <div className={css({ display: 'grid', gap: '1', minW: '0' })}>
          <h1 className={headingClass}>{m.contacts_ui_overview_title()}</h1>
          {company ? <p className={subheadingClass}>{m.contacts_ui_overview_of({ company })}</p> : null}
        </div>
        {canCreate ? (
          <Link to="/create-contact" search={{ cid }} className={button()}>
            {m.contacts_ui_new()}
          </Link>
        ) : null}
      </header>
      <div role="search" className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'end' })}>
        <div className={css({ w: { base: 'full', sm: '20rem' } })}>
          <FilterField
            label={m.contacts_ui_search_label()}
            value={search.search}
            delayMs={SEARCH_DEBOUNCE_MS}
            onCommit={(text) => onSearch({ search: text, page: 1 })}
          />
        </div>
        <fieldset className={css({ display: 'flex', flexWrap: 'wrap', columnGap: '4', rowGap: '1', border: 0, p: 0, alignItems: 'center', minH: '10' })}>
          <legend className={css({ srOnly: true })}>{m.contacts_ui_show_legend()}</legend>
          {CONTACT_STATES.map((state) => (
            <label key={state} className={css({ display: 'inline-flex', gap: '1', alignItems: 'center', minH: '6' })}>
              <input
                type="radio"
                name="show"
                checked={shown === state}
                onChange={() => {
                  setShown(state)
                  onSearch({ show: state, page: 1 })
                }}
              />
              {STATE_LABEL[state]()}
            </label>
          ))}
        </fieldset>
      </div>
      <TooltipGroup>
        <RowMenus>
          <TableOrCards
            label={company ? m.contacts_ui_overview_of({ company }) : m.contacts_ui_overview_title()}
            columns={contactColumns(trail)}
            rows={data?.contacts ?? []}
            rowKey={(row) => String(row.id)}
            state={listState(list)}
            empty={emptyText(search)}
          />
        </RowMenus>
      </TooltipGroup>
      {data && data.pages > 1 ? (
        <Pager page={Math.min(search.page, data.pages)} pages={data.pages} total={data.no_of_contacts} onPage={(page) => onSearch({ page })} />
      ) : null}
    </Page>
  )
}

function emptyText(search: ContactsOverviewSearch): string {
  if (search.search) return m.contacts_ui_empty_search({ search: search.search })
  if (search.show === 'active') return m.contacts_ui_empty_active()
  if (search.show === 'inactive') return m.contacts_ui_empty_inactive()
  return m.contacts_ui_empty()
}
