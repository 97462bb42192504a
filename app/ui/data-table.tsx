import { getCoreRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table'
import { Fragment, type ReactNode } from 'react'
import { m } from '../../src/paraglide/messages'
import { css, cx } from '../../styled-system/css'
import { messagesOf } from './call-result'
import { Notice, secondaryButtonClass } from './page'
import { Spinner } from './spinner'
import { sortKeys } from '../../src/domain/sorts'

// The one table of the back office (TanStack Table, sorting and paging done by the server):
// sticky header, sortable column buttons with aria-sort, loading / error / empty states, an
// optional detail row, and the rows handed to the CSV export as plain text.
export type Column<T> = {
  id: string
  header: () => string
  cell: (row: T) => ReactNode
  /** The cell as text for the CSV export; columns without one (actions) are left out. */
  text?: (row: T) => string
  sortable?: boolean
  align?: 'end'
  /** Where the cell goes on a card (DataCards): the card's title, a badge beside it, or its actions; a labelled line when left out. */
  card?: 'title' | 'badge' | 'actions'
}

export type TableState = { kind: 'loading' } | { kind: 'error'; messages: ReadonlyArray<string>; retry: () => void } | { kind: 'ready'; refreshing: boolean }

/** The state of a list loaded with TanStack Query: its error (with a retry) only while nothing is shown yet. */
export function listState(list: { isError: boolean; error: unknown; data: unknown; isFetching: boolean; refetch: () => unknown }): TableState {
  if (list.isError && !list.data) return { kind: 'error', messages: messagesOf(list.error), retry: () => void list.refetch() }
  return list.data ? { kind: 'ready', refreshing: list.isFetching } : { kind: 'loading' }
}

/** A column header's sort, taken only when the screen's search schema knows it. */
/**
 * A parser of a sort parameter over `keys` with zod's safeParse shape, for sortWith, without zod:
 * a screen that re-sorts its list need not load it (docs/decisions/035-page-weight.md).
 */
export function sortParser<T extends string>(keys: ReadonlyArray<T>) {
  const allowed = new Set<string>(sortKeys(keys))
  return {
    safeParse: (value: unknown): { success: true; data: T | `-${T}` } | { success: false } =>
      typeof value === 'string' && allowed.has(value) ? { success: true, data: value as T | `-${T}` } : { success: false },
  }
}

export function sortWith<S extends string>(
  schema: { safeParse: (value: unknown) => { success: true; data: S } | { success: false } },
  apply: (sort: S) => void,
) {
  return (sort: string) => {
    const parsed = schema.safeParse(sort)
    if (parsed.success) apply(parsed.data)
  }
}

export type DataTableProps<T> = {
  label: string
  columns: ReadonlyArray<Column<T>>
  rows: ReadonlyArray<T>
  rowKey: (row: T, index: number) => string
  state: TableState
  empty: string
  /** The server's sort: a column id, '-' in front for descending. */
  sort?: string
  onSort?: (sort: string) => void
  detail?: (row: T) => ReactNode | null
  highlighted?: (row: T) => boolean
  className?: string
}

const wrap = css({ overflow: 'auto', maxH: '70vh', border: '1px solid', borderColor: 'border', borderRadius: 'control', bg: 'bg', position: 'relative' })
const table = css({
  w: 'full',
  borderCollapse: 'separate',
  borderSpacing: 0,
  fontSize: 'sm',
  '& th, & td': { textAlign: 'left', px: '2', py: '2', borderBottom: '1px solid', borderColor: 'border', verticalAlign: 'top' },
  '& th': { position: 'sticky', top: 0, zIndex: 1, bg: 'oak.100', fontWeight: 'semibold' },
  '& td[data-align=end], & th[data-align=end]': { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  '& tr[data-highlighted=true] > td': { bg: 'warning.100' },
})
// The arrow may wrap under a long header word rather than widen the column.
const sortButton = css({
  display: 'inline-flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: '1',
  textAlign: 'left',
  cursor: 'pointer',
  font: 'inherit',
  fontWeight: 'semibold',
  color: 'inherit',
  bg: 'transparent',
  border: 0,
  p: 0,
  _hover: { textDecoration: 'underline' },
})

export function nextSort(current: string | undefined, column: string): string {
  return current === column ? `-${column}` : column
}

export function DataTable<T>({ label, columns, rows, rowKey, state, empty, sort, onSort, detail, highlighted, className }: DataTableProps<T>) {
  const sorting: SortingState = sort ? [{ id: sort.replace(/^-/, ''), desc: sort.startsWith('-') }] : []
  const defs: Array<ColumnDef<T>> = columns.map((column) => ({ id: column.id, header: column.header, enableSorting: column.sortable ?? false }))
  // The table object is read during this render only, never passed on to memoized children.
  // eslint-disable-next-line react-hooks/incompatible-library
  const instance = useReactTable<T>({
    data: [...rows],
    columns: defs,
    getCoreRowModel: getCoreRowModel(),
    getRowId: rowKey,
    manualSorting: true,
    manualPagination: true,
    state: { sorting },
  })
  const byId = new Map(columns.map((column) => [column.id, column]))
  const busy = state.kind === 'loading' || (state.kind === 'ready' && state.refreshing)
  return (
    <div className={cx(wrap, className)} role="region" aria-label={label} tabIndex={0} aria-busy={busy}>
      {busy ? (
        <div
          aria-hidden
          className={css({ position: 'sticky', top: 0, left: 0, h: '1', bg: 'accent', zIndex: 2, animation: 'pulse 1s ease-in-out infinite' })}
        />
      ) : null}
      <table className={cx(table, state.kind === 'ready' && state.refreshing ? css({ opacity: 0.6 }) : undefined)}>
        <caption className={css({ srOnly: true })}>{label}</caption>
        <thead>
          {instance.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const column = byId.get(header.column.id)
                const direction = header.column.getIsSorted()
                return (
                  <th
                    key={header.id}
                    scope="col"
                    data-align={column?.align}
                    aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}
                  >
                    {column?.sortable && onSort ? (
                      <button type="button" className={sortButton} onClick={() => onSort(nextSort(sort, header.column.id))}>
                        {column.header()}
                        <span aria-hidden>{direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}</span>
                      </button>
                    ) : (
                      column?.header()
                    )}
                  </th>
                )
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {state.kind !== 'ready' || rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className={state.kind === 'ready' ? css({ color: 'fg.muted', py: '6' }) : undefined}>
                <ListState state={state} empty={empty} />
              </td>
            </tr>
          ) : (
            instance.getRowModel().rows.map((row) => {
              const extra = detail?.(row.original) ?? null
              return (
                <Fragment key={row.id}>
                  <tr data-highlighted={highlighted?.(row.original) ?? false}>
                    {row.getAllCells().map((cell) => {
                      const column = byId.get(cell.column.id)
                      return (
                        <td key={cell.id} data-align={column?.align}>
                          {column?.cell(row.original)}
                        </td>
                      )
                    })}
                  </tr>
                  {extra ? (
                    <tr>
                      <td colSpan={columns.length} className={css({ bg: 'bg.subtle' })}>
                        {extra}
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              )
            })
          )}
        </tbody>
      </table>
    </div>
  )
}

/** What a list shows instead of its rows: loading, the error with a retry, or the empty text. */
export function ListState({ state, empty }: { state: TableState; empty: string }) {
  if (state.kind === 'loading') return <Spinner label={m.table_loading()} />
  if (state.kind === 'ready') return empty
  return (
    <Notice tone="danger" role="alert">
      <p>{m.table_error()}</p>
      <ul>
        {state.messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
      <button type="button" className={cx(secondaryButtonClass, css({ mt: '2' }))} onClick={state.retry}>
        {m.table_retry()}
      </button>
    </Notice>
  )
}
