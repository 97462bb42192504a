import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { PriceLogEntry } from '../../../src/contract/price-logs'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { CsvDownload } from '../../ui/csv-download'
import { DataTable, listState, sortWith, type Column } from '../../ui/data-table'
import { FilterField } from '../../ui/filter-field'
import { formatAmount, formatDateTime } from '../../ui/format'
import { useLocale } from '../../ui/locale'
import { Page, headingClass, linkClass, secondaryButtonClass } from '../../ui/page'
import { Pager } from '../../ui/pager'
import { PRICE_LOG_FILTERS, logsQuery, priceLogsSearch, type PriceLogsSearch } from './price-log-search'
import { priceLogsQueryOptions } from './price-logs.functions'

// price-overview: 20 per page, newest first, sortable columns
// and five free-text filters that settle for 500 ms before the URL and the call change.
const FILTER_DEBOUNCE_MS = 500

const FILTER_LABEL: Record<(typeof PRICE_LOG_FILTERS)[number], () => string> = {
  article_uid: () => m.price_logs_col_article(),
  contact: () => m.price_logs_col_contact(),
  company: () => m.price_logs_col_company(),
  order_number__contains: () => m.price_logs_col_basket(),
  price: () => m.price_logs_col_price(),
}

export function kindLabel(kind: PriceLogEntry['kind']): string {
  if (kind === 'basket') return m.price_log_kind_basket()
  if (kind === 'upload') return m.price_log_kind_upload()
  return m.price_log_kind_manual()
}

export const PRICE_LOG_COLUMNS: Array<Column<PriceLogEntry>> = [
  {
    id: 'id',
    header: () => m.price_logs_col_id(),
    cell: (row) => (
      <Link to="/detail-price/$pid" params={{ pid: row.id }} className={linkClass}>
        {row.id}
      </Link>
    ),
    text: (row) => String(row.id),
  },
  { id: 'date', header: () => m.price_logs_col_date(), cell: (row) => formatDateTime(row.date), text: (row) => row.date, sortable: true },
  { id: 'kind', header: () => m.price_logs_col_kind(), cell: (row) => kindLabel(row.kind), text: (row) => row.kind, sortable: true },
  {
    id: 'basket_number',
    header: () => m.price_logs_col_basket(),
    cell: (row) => row.basket_number ?? '',
    text: (row) => row.basket_number ?? '',
    sortable: true,
  },
  { id: 'article_uid', header: () => m.price_logs_col_article(), cell: (row) => row.article_uid ?? '', text: (row) => row.article_uid ?? '', sortable: true },
  { id: 'article_type', header: () => m.price_logs_col_type(), cell: (row) => row.article_type ?? '', text: (row) => row.article_type ?? '', sortable: true },
  { id: 'price', header: () => m.price_logs_col_price(), cell: (row) => formatAmount(row.price), text: (row) => row.price ?? '', sortable: true, align: 'end' },
  { id: 'company', header: () => m.price_logs_col_company(), cell: (row) => row.company?.[1] ?? '', text: (row) => row.company?.[1] ?? '', sortable: true },
  { id: 'contact', header: () => m.price_logs_col_contact(), cell: (row) => row.contact?.[1] ?? '', text: (row) => row.contact?.[1] ?? '', sortable: true },
  { id: 'rows', header: () => m.price_logs_col_rows(), cell: (row) => row.rows, text: (row) => String(row.rows), align: 'end' },
]

type Props = { search: PriceLogsSearch; onSearch: (change: Partial<PriceLogsSearch>) => void }

export function PriceLogsScreen({ search, onSearch }: Props) {
  useLocale()
  const list = useQuery({ ...priceLogsQueryOptions(logsQuery(search)), placeholderData: keepPreviousData })
  const data = list.data
  const filtered = PRICE_LOG_FILTERS.some((key) => search[key] !== '')
  return (
    <Page wide>
      <h1 className={headingClass}>{m.price_logs_title()}</h1>
      <div
        role="search"
        aria-label={m.price_logs_filters()}
        className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(5, minmax(0, 1fr))' } })}
      >
        {PRICE_LOG_FILTERS.map((key) => (
          <FilterField
            key={key}
            label={FILTER_LABEL[key]()}
            value={search[key]}
            delayMs={FILTER_DEBOUNCE_MS}
            inputMode={key === 'price' ? 'decimal' : undefined}
            // The price is typed as the table shows it (the server reads it in the page's language).
            placeholder={key === 'price' ? m.price_logs_price_example({ example: formatAmount('1275.25') }) : undefined}
            onCommit={(value) => onSearch({ [key]: value, page: 1 })}
          />
        ))}
      </div>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', justifyContent: 'space-between', alignItems: 'center' })}>
        {filtered ? (
          <button type="button" className={secondaryButtonClass} onClick={() => onSearch(priceLogsSearch.parse({ sort: search.sort }))}>
            {m.price_logs_clear()}
          </button>
        ) : (
          <span />
        )}
        <CsvDownload columns={PRICE_LOG_COLUMNS} rows={data?.entries ?? []} fileName={`price-logs-${search.page}.csv`} />
      </div>
      <DataTable
        label={m.price_logs_title()}
        columns={PRICE_LOG_COLUMNS}
        rows={data?.entries ?? []}
        rowKey={(row) => String(row.id)}
        state={listState(list)}
        empty={filtered ? m.price_logs_empty_filtered() : m.price_logs_empty()}
        sort={search.sort}
        onSort={sortWith(priceLogsSearch.shape.sort, (sort) => onSearch({ sort, page: 1 }))}
      />
      {data ? <Pager page={Math.min(search.page, data.pages)} pages={data.pages} total={data.no_of_logs} onPage={(page) => onSearch({ page })} /> : null}
    </Page>
  )
}
