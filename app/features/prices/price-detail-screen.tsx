import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { PriceDetailRow } from '../../../src/contract/price-logs'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { messagesOf } from '../../ui/call-result'
import { CsvDownload } from '../../ui/csv-download'
import { DataTable, type Column } from '../../ui/data-table'
import { formatAmount, formatDateTime } from '../../ui/format'
import { useLocale } from '../../ui/locale'
import { Notice, Page, headingClass, linkClass } from '../../ui/page'
import { Pager } from '../../ui/pager'
import { Spinner } from '../../ui/spinner'
import { priceDetailSearch, type PriceDetailSearch } from './price-log-search'
import { priceLogQueryOptions } from './price-logs.functions'
import { kindLabel } from './price-logs-screen'

// price-detail: the log's header and its rows, 20 per page, sortable.
const COLUMNS: Array<Column<PriceDetailRow>> = [
  { id: 'type', header: () => m.price_detail_col_type(), cell: (row) => row.type, text: (row) => row.type, sortable: true },
  { id: 'item_number', header: () => m.price_detail_col_item(), cell: (row) => row.item_number, text: (row) => row.item_number, sortable: true },
  {
    id: 'quantity',
    header: () => m.price_detail_col_quantity(),
    cell: (row) => row.quantity,
    text: (row) => String(row.quantity),
    sortable: true,
    align: 'end',
  },
  {
    id: 'size',
    header: () => m.price_detail_col_size(),
    cell: (row) => (row.width || row.height || row.depth ? `${row.width} × ${row.height} × ${row.depth}` : ''),
    text: (row) => `${row.width}x${row.height}x${row.depth}`,
  },
  {
    id: 'discount',
    header: () => m.price_detail_col_discount(),
    cell: (row) => `${formatAmount(row.discount, 2)} %`,
    text: (row) => row.discount,
    align: 'end',
  },
  {
    id: 'item_price',
    header: () => m.price_detail_col_item_price(),
    cell: (row) => formatAmount(row.item_price),
    text: (row) => row.item_price,
    sortable: true,
    align: 'end',
  },
  {
    id: 'oprice',
    header: () => m.price_detail_col_oprice(),
    cell: (row) => formatAmount(row.oprice),
    text: (row) => row.oprice ?? '',
    sortable: true,
    align: 'end',
  },
  { id: 'price', header: () => m.price_detail_col_price(), cell: (row) => formatAmount(row.price), text: (row) => row.price, sortable: true, align: 'end' },
]

type Props = { pid: number; search: PriceDetailSearch; onSearch: (change: Partial<PriceDetailSearch>) => void }

export function PriceDetailScreen({ pid, search, onSearch }: Props) {
  useLocale()
  const detail = useQuery({ ...priceLogQueryOptions({ id: pid, page: search.page, sort: search.sort }), placeholderData: keepPreviousData })
  const data = detail.data
  const log = data?.log
  return (
    <Page wide>
      <p>
        <Link to="/price-logs" className={linkClass}>
          {m.price_detail_back()}
        </Link>
      </p>
      <h1 className={headingClass}>{m.price_detail_title({ id: String(pid) })}</h1>
      {detail.isError && !data ? (
        <Notice tone="danger" role="alert">
          {messagesOf(detail.error).join(' ')}
        </Notice>
      ) : !log ? (
        <Spinner label={m.table_loading()} />
      ) : (
        <>
          <dl className={css({ display: 'grid', gridTemplateColumns: { base: 'auto 1fr', md: 'repeat(4, auto 1fr)' }, rowGap: '1', columnGap: '3' })}>
            <dt>{m.price_logs_col_date()}</dt>
            <dd>{formatDateTime(log.date)}</dd>
            <dt>{m.price_logs_col_kind()}</dt>
            <dd>{kindLabel(log.kind)}</dd>
            <dt>{m.price_logs_col_basket()}</dt>
            <dd>{log.basket_number ?? '–'}</dd>
            <dt>{m.price_logs_col_price()}</dt>
            <dd>{log.price ? formatAmount(log.price) : '–'}</dd>
            <dt>{m.price_logs_col_company()}</dt>
            <dd>{log.company?.[1] ?? '–'}</dd>
            <dt>{m.price_logs_col_contact()}</dt>
            <dd>{log.contact?.[1] ?? '–'}</dd>
            <dt>{m.price_logs_col_article()}</dt>
            <dd>{log.article_uid ?? '–'}</dd>
            <dt>{m.price_logs_col_rows()}</dt>
            <dd>{data.no_of_rows}</dd>
          </dl>
          <div className={css({ display: 'flex', justifyContent: 'flex-end' })}>
            <CsvDownload columns={COLUMNS} rows={data.rows} fileName={`price-log-${pid}-${search.page}.csv`} />
          </div>
          <DataTable
            label={m.price_detail_title({ id: String(pid) })}
            columns={COLUMNS}
            rows={data.rows}
            rowKey={(_, index) => String(index)}
            state={{ kind: 'ready', refreshing: detail.isFetching }}
            empty={m.price_detail_empty()}
            sort={search.sort}
            onSort={(sort) => {
              const parsed = priceDetailSearch.shape.sort.safeParse(sort)
              if (parsed.success) onSearch({ sort: parsed.data, page: 1 })
            }}
          />
          <Pager page={Math.min(search.page, data.pages)} pages={data.pages} total={data.no_of_rows} onPage={(page) => onSearch({ page })} />
        </>
      )}
    </Page>
  )
}
