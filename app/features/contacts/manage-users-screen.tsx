import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ListedUser } from '../../../src/contract/contacts'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { CsvDownload } from '../../ui/csv-download'
import { DataTable, listState, sortWith, type Column } from '../../ui/data-table'
import { FilterField } from '../../ui/filter-field'
import { formatDateTime } from '../../ui/format'
import { useLocale } from '../../ui/locale'
import { Page, headingClass, linkClass } from '../../ui/page'
import { Pager } from '../../ui/pager'
import { contactListQueryOptions } from './contacts.functions'
import { ChangePasswordButton } from './change-password-button'
import { EndUserSessionsButton } from './end-user-sessions-button'
import { manageUsersSearch, type ManageUsersSearch } from './manage-users-search'

// manage-users: 25 per page, e-mail filter, active or inactive users;
// each active user can be taken over from here (switch user).
const FILTER_DEBOUNCE_MS = 300

const BASE_COLUMNS: Array<Column<ListedUser>> = [
  { id: 'email', header: () => m.users_col_email(), cell: (row) => row.email, text: (row) => row.email, sortable: true },
  { id: 'name', header: () => m.users_col_name(), cell: (row) => row.name, text: (row) => row.name, sortable: true },
  { id: 'company', header: () => m.users_col_company(), cell: (row) => row.company[1], text: (row) => row.company[1], sortable: true },
  { id: 'groups', header: () => m.users_col_groups(), cell: (row) => (row.groups.length ? row.groups.join(', ') : '–'), text: (row) => row.groups.join(' ') },
  {
    id: 'last_login',
    header: () => m.users_col_last_login(),
    cell: (row) => formatDateTime(row.last_login),
    text: (row) => row.last_login ?? '',
    sortable: true,
  },
  {
    id: 'switch',
    header: () => m.users_col_switch(),
    cell: (row) =>
      row.is_active ? (
        <Link to="/switch-user" search={{ email: row.email }} className={linkClass} aria-label={m.users_switch_to({ email: row.email })}>
          {m.users_switch()}
        </Link>
      ) : null,
  },
]

// With CAN_CHANGE_PASSWORD: a change link per active user
// (docs/decisions/030-mail-tokens-passwords.md).
const PASSWORD_COLUMN: Column<ListedUser> = {
  id: 'password',
  header: () => m.users_col_password(),
  cell: (row) => (row.is_active ? <ChangePasswordButton email={row.email} /> : null),
}

// Ending a user's sessions (decision 056): on every row but the caller's own.
function sessionsColumn(selfId: number | undefined): Column<ListedUser> {
  return {
    id: 'sessions',
    header: () => m.users_col_sessions(),
    cell: (row) => (row.id === selfId ? null : <EndUserSessionsButton id={row.id} email={row.email} />),
  }
}

type Props = {
  search: ManageUsersSearch
  onSearch: (change: Partial<ManageUsersSearch>) => void
  canChangePassword?: boolean
  /** The caller's own user id: no "end all sessions" on that row. */
  selfId?: number
}

export function ManageUsersScreen({ search, onSearch, canChangePassword = false, selfId }: Props) {
  useLocale()
  const COLUMNS = [...BASE_COLUMNS, ...(canChangePassword ? [PASSWORD_COLUMN] : []), sessionsColumn(selfId)]
  const list = useQuery({ ...contactListQueryOptions(search), placeholderData: keepPreviousData })
  const data = list.data
  return (
    <Page wide>
      <h1 className={headingClass}>{m.users_title()}</h1>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'end' })}>
        <div className={css({ w: { base: 'full', sm: '20rem' } })}>
          <FilterField
            label={m.users_filter_email()}
            value={search.email}
            delayMs={FILTER_DEBOUNCE_MS}
            inputMode="email"
            onCommit={(email) => onSearch({ email, page: 1 })}
          />
        </div>
        <fieldset className={css({ display: 'flex', gap: '3', border: 0, p: 0, alignItems: 'center', minH: '10' })}>
          <legend className={css({ srOnly: true })}>{m.users_state()}</legend>
          {(['1', '0'] as const).map((value) => (
            <label key={value} className={css({ display: 'inline-flex', gap: '1', alignItems: 'center' })}>
              <input type="radio" name="active" checked={search.active === value} onChange={() => onSearch({ active: value, page: 1 })} />
              {value === '1' ? m.users_active() : m.users_inactive()}
            </label>
          ))}
        </fieldset>
        <div className={css({ ml: 'auto' })}>
          <CsvDownload columns={COLUMNS} rows={data?.users ?? []} fileName={`users-${search.active === '1' ? 'active' : 'inactive'}-${search.page}.csv`} />
        </div>
      </div>
      <DataTable
        label={m.users_title()}
        columns={COLUMNS}
        rows={data?.users ?? []}
        rowKey={(row) => String(row.id)}
        state={listState(list)}
        empty={search.email ? m.users_empty_filtered({ email: search.email }) : m.users_empty()}
        sort={search.sort}
        onSort={sortWith(manageUsersSearch.shape.sort, (sort) => onSearch({ sort, page: 1 }))}
      />
      {data ? <Pager page={Math.min(search.page, data.pages)} pages={data.pages} total={data.no_of_users} onPage={(page) => onSearch({ page })} /> : null}
    </Page>
  )
}
