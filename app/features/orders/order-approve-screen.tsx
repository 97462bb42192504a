import { Tabs } from '@ark-ui/react/tabs'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import type { BasketStatusAnswer } from '../../../src/contract/orders'
import { ORDER_SORTS } from '../../../src/domain/sorts'
import { APPROVE_TABS, approveTabOf, type ApproveTab } from '../../../src/domain/basket-status'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { CsvDownload } from '../../ui/csv-download'
import { TableOrCards } from '../../ui/data-cards'
import { listState, sortParser, sortWith } from '../../ui/data-table'
import { useLocale } from '../../ui/locale'
import { Page, headingClass } from '../../ui/page'
import { Pager } from '../../ui/pager'
import { RowMenus } from '../../ui/row-menu'
import { TooltipGroup } from '../../ui/tooltip'
import { useUrlField } from '../../ui/use-url-field'
import type { ApproveSearch } from './approve-search'
import { BasketDetail } from './basket-detail'
import { useBasketActions } from './order-actions'
import { orderColumns } from './order-columns'
import { basketListQueryOptions } from './orders.functions'

// order-approve: three tabs with counts, a basket-number filter,
// 25 per page, sortable columns, per-row actions and history — everything in the URL. The
// table fits a desktop without sideways scrolling; narrower screens get cards.
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
        return {
          ...row,
          status: answer.order_status,
          last_status_update: answer.last_status_update,
          approval_number: answer.approval_number,
          can_approve: answer.order_status === 2 && row.can_approve,
        }
      })
      return { ...previous, orders, counts }
    })
    void queryClient.invalidateQueries({ queryKey: ['orders', 'history', answer.basket_number] })
  }

  const { actions, dialogs } = useBasketActions(applyStatus)
  const toggle = (number: string) => setExpanded((current) => (current === number ? null : number))

  const columns = orderColumns(actions, expanded, toggle)

  return (
    <Page wide>
      <h1 className={headingClass}>{m.orders_title()}</h1>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'end', justifyContent: 'space-between' })}>
        <label className={css({ display: 'grid', gap: '1', w: { base: 'full', sm: '18rem' }, minW: '0' })}>
          {m.orders_filter()}
          <input
            type="search"
            inputMode="numeric"
            value={number}
            maxLength={64}
            onChange={(event) => setNumber(event.target.value)}
            className={css({ border: '1px solid', borderColor: 'border', borderRadius: 'control', px: '3', py: '2', bg: 'bg', minW: '0' })}
          />
        </label>
        <CsvDownload columns={columns.exported} rows={data?.orders ?? []} fileName={`baskets-${tab}-${data?.page ?? 1}.csv`} />
      </div>
      <Tabs.Root
        value={tab}
        onValueChange={(details) => onSearch({ tab: APPROVE_TABS.find((key) => key === details.value) ?? 'open', page: 1, order: undefined })}
      >
        <Tabs.List aria-label={m.orders_tabs()} className={tabListClass}>
          {APPROVE_TABS.map((key) => (
            <Tabs.Trigger key={key} value={key} className={tabClass}>
              {TAB_LABEL[key]()} {data ? <span className={css({ fontVariantNumeric: 'tabular-nums', fontWeight: 'normal' })}>({data.counts[key]})</span> : null}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value={tab} className={css({ display: 'grid', gap: '3' })}>
          <TooltipGroup>
            <RowMenus>
              <TableOrCards
                label={m.orders_table({ tab: TAB_LABEL[tab]() })}
                columns={columns.table}
                cardColumns={columns.cards}
                rows={data?.orders ?? []}
                rowKey={(row) => row.basket_number}
                state={listState(list)}
                empty={search.number ? m.orders_empty_filtered({ number: search.number }) : m.orders_empty()}
                sort={search.sort}
                onSort={sortWith(sortParser(ORDER_SORTS), (sort) => onSearch({ sort, page: 1 }))}
                detail={(row) => (expanded === row.basket_number ? <BasketDetail order={row} actions={actions} /> : null)}
                highlighted={(row) => row.basket_number === data?.selected}
              />
            </RowMenus>
          </TooltipGroup>
          {data ? <Pager page={data.page} pages={data.pages} total={data.total} onPage={(page) => onSearch({ page, order: undefined })} /> : null}
        </Tabs.Content>
      </Tabs.Root>
      {dialogs}
    </Page>
  )
}

// The tabs wrap onto a second row on a phone rather than being cut off.
const tabListClass = css({ display: 'flex', flexWrap: 'wrap', columnGap: '1', borderBottom: '2px solid', borderColor: 'border', mb: '3' })
const tabClass = css({
  px: { base: '2', sm: '4' },
  py: '2',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  bg: 'transparent',
  border: 0,
  borderBottom: '3px solid transparent',
  mb: '-2px',
  fontWeight: 'semibold',
  color: 'fg.muted',
  '&[data-selected]': { color: 'accent', borderColor: 'accent' },
})
