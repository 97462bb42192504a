import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ActivityEntry } from '../../../src/contract/activity'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { CsvDownload } from '../../ui/csv-download'
import { TableOrCards } from '../../ui/data-cards'
import { listState, type Column } from '../../ui/data-table'
import { FilterField } from '../../ui/filter-field'
import { formatDateTime } from '../../ui/format'
import { useLocale } from '../../ui/locale'
import { Page, headingClass, linkClass, secondaryButtonClass } from '../../ui/page'
import { Pager } from '../../ui/pager'
import type { ActivitySearch } from './activity-search'
import { ActivityTargetFilter } from './activity-target-filter'
import { activityQuery, activityQueryOptions } from './activity.functions'

// The activity screen (decision 053): the trail in the caller's scope, newest first, 50 a page,
// filtered by action, days, company, person and target — all in the URL, so a filtered view can
// be shared.
const FILTER_DEBOUNCE_MS = 500
// Every filter taken away (left out of the URL: the route's navigation keeps what it is not told to change).
const NO_FILTER: Partial<ActivitySearch> = {
  page: 1,
  company: undefined,
  actor: undefined,
  action: undefined,
  target: undefined,
  from: undefined,
  to: undefined,
}

/** A day as the filters take it (YYYY-MM-DD, a real one), or undefined for none. */
function dayOrNone(typed: string): string | undefined {
  return /^\d{4}-\d{2}-\d{2}$/.test(typed) && !Number.isNaN(Date.parse(typed)) ? typed : undefined
}

function person(entry: ActivityEntry): string {
  const actor = entry.actor ? (entry.actor.email ?? `#${entry.actor.id}`) : m.activity_nobody()
  if (!entry.acting_as) return actor
  return m.activity_acting_as({ actor, user: entry.acting_as.email ?? `#${entry.acting_as.id}` })
}

function changes(entry: ActivityEntry): string {
  const fields = Object.entries(entry.changes ?? {}).map(([field, [before, after]]) => `${field}: ${show(before)} → ${show(after)}`)
  const details = Object.entries(entry.details ?? {}).map(([key, value]) => `${key}: ${show(value)}`)
  return [...fields, ...details].join('; ')
}

function show(value: unknown): string {
  if (value === null || value === undefined) return '–'
  return typeof value === 'string' ? value : JSON.stringify(value)
}

const COLUMNS: Array<Column<ActivityEntry>> = [
  { id: 'at', header: () => m.activity_col_time(), cell: (row) => formatDateTime(row.at), text: (row) => row.at, card: 'title' },
  {
    id: 'person',
    header: () => m.activity_col_person(),
    cell: (row) =>
      row.actor ? (
        <Link to="/activity" search={{ actor: row.actor.id }} className={linkClass}>
          {person(row)}
        </Link>
      ) : (
        person(row)
      ),
    text: person,
  },
  {
    id: 'company',
    header: () => m.activity_col_company(),
    cell: (row) =>
      row.company ? (
        <Link to="/activity" search={{ company: row.company.id }} className={linkClass}>
          {row.company.name ?? `#${row.company.id}`}
        </Link>
      ) : (
        ''
      ),
    text: (row) => row.company?.name ?? '',
  },
  {
    id: 'action',
    header: () => m.activity_col_action(),
    cell: (row) => <code className={css({ fontSize: 'sm' })}>{row.action}</code>,
    text: (row) => row.action,
  },
  {
    id: 'outcome',
    header: () => m.activity_col_outcome(),
    cell: (row) => (row.outcome === 'refused' ? m.activity_outcome_refused() : m.activity_outcome_done()),
    text: (row) => row.outcome,
    card: 'badge',
  },
  {
    id: 'target',
    header: () => m.activity_col_target(),
    cell: (row) =>
      row.target ? (
        <Link to="/activity" search={{ target: row.target }} className={linkClass}>
          {row.target}
        </Link>
      ) : (
        ''
      ),
    text: (row) => row.target ?? '',
  },
  { id: 'changes', header: () => m.activity_col_changes(), cell: changes, text: changes },
  { id: 'address', header: () => m.activity_col_address(), cell: (row) => row.address ?? '', text: (row) => row.address ?? '' },
]

type Props = { search: ActivitySearch; onSearch: (change: Partial<ActivitySearch>) => void }

export function ActivityScreen({ search, onSearch }: Props) {
  useLocale()
  const list = useQuery({ ...activityQueryOptions(activityQuery(search)), placeholderData: keepPreviousData })
  const data = list.data
  const filtered = Boolean(search.action || search.from || search.to || search.target) || search.company !== undefined || search.actor !== undefined
  return (
    <Page wide>
      <h1 className={headingClass}>{m.activity_title()}</h1>
      <p className={css({ color: 'fg.muted' })}>{m.activity_intro()}</p>
      <div
        role="search"
        aria-label={m.activity_filters()}
        className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } })}
      >
        <FilterField
          label={m.activity_filter_action()}
          value={search.action ?? ''}
          delayMs={FILTER_DEBOUNCE_MS}
          placeholder={m.activity_filter_action_example()}
          onCommit={(action) => onSearch({ action: action || undefined, page: 1 })}
        />
        {(['from', 'to'] as const).map((key) => (
          <FilterField
            key={key}
            label={key === 'from' ? m.activity_filter_from() : m.activity_filter_to()}
            value={search[key] ?? ''}
            delayMs={FILTER_DEBOUNCE_MS}
            inputMode="numeric"
            placeholder={m.activity_day_format()}
            // A day that does not read as YYYY-MM-DD is no filter (the field keeps what was typed).
            onCommit={(typed) => onSearch({ [key]: dayOrNone(typed), page: 1 })}
          />
        ))}
      </div>
      {search.target ? <ActivityTargetFilter target={search.target} onClear={() => onSearch({ target: undefined, page: 1 })} /> : null}
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', justifyContent: 'space-between', alignItems: 'center' })}>
        {filtered ? (
          <button type="button" className={secondaryButtonClass} onClick={() => onSearch(NO_FILTER)}>
            {m.activity_clear()}
          </button>
        ) : (
          <span />
        )}
        <CsvDownload columns={COLUMNS} rows={data?.entries ?? []} fileName={`activity-${search.page}.csv`} />
      </div>
      <TableOrCards
        label={m.activity_title()}
        columns={COLUMNS}
        rows={data?.entries ?? []}
        rowKey={(row) => String(row.id)}
        state={listState(list)}
        empty={filtered ? m.activity_empty_filtered() : m.activity_empty()}
      />
      {data ? <Pager page={Math.min(search.page, data.pages)} pages={data.pages} total={data.no_of_entries} onPage={(page) => onSearch({ page })} /> : null}
    </Page>
  )
}
