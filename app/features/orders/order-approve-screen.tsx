import { Tabs } from '@ark-ui/react/tabs'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { orderSort, type BasketStatusAnswer, type Order } from '../../../src/contract/orders'
import { APPROVE_TABS, approveTabOf, type ApproveTab } from '../../../src/domain/basket-status'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { messagesOf } from '../../ui/call-result'
import { CsvDownload } from '../../ui/csv-download'
import { DataTable, type Column } from '../../ui/data-table'
import { formatDate, formatDateTime } from '../../ui/format'
import { useLocale } from '../../ui/locale'
import { Page, headingClass } from '../../ui/page'
import { Pager } from '../../ui/pager'
import { useUrlField } from '../../ui/use-url-field'
import type { ApproveSearch } from './approve-search'
import { BasketDetail } from './basket-detail'
import { OrderActions } from './order-actions'
import { basketListQueryOptions } from './orders.functions'
import { statusLabel } from './status-label'

// order-approve (spec sections 2 and 4): three tabs with counts, a basket-number filter,
// 25 per page, sortable columns, per-row actions and history — everything in the URL.
const FILTER_DEBOUNCE_MS = 300

const TAB_LABEL: Record<ApproveTab, () => string> = {
  open: () => m.orders_tab_open(),
  in_process: () => m.orders_tab_in_process(),
  finished: () => m.orders_tab_finished(),
}

type Props = { search: ApproveSearch; onSearch: (change: Partial<ApproveSearch>) => void }

export function OrderApproveScreen({ search, onSearch }: Props) {
  useLocale()
  const queryClient = useQueryClient()
  const options = basketListQueryOptions(search)
  const list = useQuery({ ...options, placeholderData: keepPreviousData })
  const [expanded, setExpanded] = useState<string | null>(search.order ?? null)
  const commitNumber = useCallback((number: string) => onSearch({ number, page: 1, order: undefined }), [onSearch])
  const [number, setNumber] = useUrlField(search.number, commitNumber, FILTER_DEBOUNCE_MS)
  const data = list.data
  const tab = data?.tab ?? search.tab

  // The answer's status and time are shown at once; the tab counts move with the row.
  function applyStatus(answer: BasketStatusAnswer) {
    queryClient.setQueryData(options.queryKey, (previous) => {
      if (!previous) return previous
      const counts = { ...previous.counts }
      const orders = previous.orders.map((row) => {
        if (row.basket_number !== answer.basket_number) return row
        counts[approveTabOf(row.status)] -= 1
        counts[approveTabOf(answer.order_status)] += 1
        return { ...row, status: answer.order_status, last_status_update: answer.last_status_update, approval_number: answer.approval_number, can_approve: answer.order_status === 2 && row.can_approve }
      })
      return { ...previous, orders, counts }
    })
    void queryClient.invalidateQueries({ queryKey: ['orders', 'history', answer.basket_number] })
  }

  const columns: Array<Column<Order>> = [
    { id: 'basket_number', header: () => m.orders_col_number(), cell: (row) => <strong>{row.basket_number}</strong>, text: (row) => row.basket_number, sortable: true },
    { id: 'customer', header: () => m.orders_col_customer(), cell: (row) => row.customer, text: (row) => row.customer, sortable: true },
    { id: 'name1', header: () => m.orders_col_dealer(), cell: (row) => `${row.name1} (${row.zip} ${row.country})`, text: (row) => row.name1, sortable: true },
    { id: 'line', header: () => m.orders_col_line(), cell: (row) => row.line__name, text: (row) => row.line__name },
    { id: 'status', header: () => m.orders_col_status(), cell: (row) => <span data-testid="basket-status">{statusLabel(row.status)}</span>, text: (row) => statusLabel(row.status), sortable: true },
    { id: 'created', header: () => m.orders_col_created(), cell: (row) => <time dateTime={row.created} title={formatDateTime(row.created)}>{formatDate(row.created)}</time>, text: (row) => row.created, sortable: true },
    { id: 'last_status_update', header: () => m.orders_col_updated(), cell: (row) => <time dateTime={row.last_status_update} title={formatDateTime(row.last_status_update)}>{formatDateTime(row.last_status_update)}</time>, text: (row) => row.last_status_update, sortable: true },
    { id: 'approval_number', header: () => m.orders_col_approval(), cell: (row) => row.approval_number ?? '', text: (row) => row.approval_number ?? '' },
    {
      id: 'actions',
      header: () => m.orders_col_actions(),
      cell: (row) => (
        <OrderActions order={row} onStatus={applyStatus} expanded={expanded === row.basket_number}
          onToggle={() => setExpanded((current) => (current === row.basket_number ? null : row.basket_number))} />
      ),
    },
  ]

  return (
    <Page wide>
      <h1 className={headingClass}>{m.orders_title()}</h1>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'end', justifyContent: 'space-between' })}>
        <label className={css({ display: 'grid', gap: '1', w: { base: 'full', sm: '18rem' } })}>
          {m.orders_filter()}
          <input type="search" inputMode="numeric" value={number} maxLength={64} onChange={(event) => setNumber(event.target.value)}
            className={css({ border: '1px solid', borderColor: 'border', borderRadius: 'control', px: '3', py: '2', bg: 'bg' })} />
        </label>
        <CsvDownload columns={columns} rows={data?.orders ?? []} fileName={`baskets-${tab}-${data?.page ?? 1}.csv`} />
      </div>
      <Tabs.Root value={tab} onValueChange={(details) => onSearch({ tab: APPROVE_TABS.find((key) => key === details.value) ?? 'open', page: 1, order: undefined })}>
        <Tabs.List aria-label={m.orders_tabs()} className={css({ display: 'flex', flexWrap: 'nowrap', overflowX: 'auto', gap: '1', borderBottom: '2px solid', borderColor: 'border', mb: '3' })}>
          {APPROVE_TABS.map((key) => (
            <Tabs.Trigger key={key} value={key}
              className={css({ px: { base: '2', sm: '4' }, py: '2', whiteSpace: 'nowrap', cursor: 'pointer', bg: 'transparent', border: 0, borderBottom: '3px solid transparent', mb: '-2px', fontWeight: 'semibold', color: 'fg.muted', '&[data-selected]': { color: 'accent', borderColor: 'accent' } })}>
              {TAB_LABEL[key]()} {data ? <span className={css({ fontVariantNumeric: 'tabular-nums' })}>({data.counts[key]})</span> : null}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value={tab} className={css({ display: 'grid', gap: '3' })}>
          <DataTable
            label={m.orders_table({ tab: TAB_LABEL[tab]() })}
            columns={columns}
            rows={data?.orders ?? []}
            rowKey={(row) => row.basket_number}
            state={list.isError && !data ? { kind: 'error', messages: messagesOf(list.error), retry: () => void list.refetch() } : data ? { kind: 'ready', refreshing: list.isFetching } : { kind: 'loading' }}
            empty={search.number ? m.orders_empty_filtered({ number: search.number }) : m.orders_empty()}
            sort={search.sort}
            onSort={(sort) => {
              const parsed = orderSort.safeParse(sort)
              if (parsed.success) onSearch({ sort: parsed.data, page: 1 })
            }}
            detail={(row) => (expanded === row.basket_number ? <BasketDetail order={row} /> : null)}
            highlighted={(row) => row.basket_number === data?.selected}
          />
          {data ? <Pager page={data.page} pages={data.pages} total={data.total} onPage={(page) => onSearch({ page, order: undefined })} /> : null}
        </Tabs.Content>
      </Tabs.Root>
    </Page>
  )
}
