import { getCoreRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table'
import { Fragment, type ReactNode } from 'react'
import { m } from '../../src/paraglide/messages'
import { css, cx } from '../../styled-system/css'
import { Notice, secondaryButtonClass } from './page'
import { Spinner } from './spinner'

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
}

export type TableState = { kind: 'loading' } | { kind: 'error'; messages: ReadonlyArray<string>; retry: () => void } | { kind: 'ready'; refreshing: boolean }

type Props<T> = {
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
}

const wrap = css({ overflow: 'auto', maxH: '70vh', border: '1px solid', borderColor: 'border', borderRadius: 'control', bg: 'bg', position: 'relative' })
const table = css({
  w: 'full', borderCollapse: 'separate', borderSpacing: 0, fontSize: 'sm',
  '& th, & td': { textAlign: 'left', px: '3', py: '2', borderBottom: '1px solid', borderColor: 'border', verticalAlign: 'top' },
  '& th': { position: 'sticky', top: 0, zIndex: 1, bg: 'oak.100', fontWeight: 'semibold', whiteSpace: 'nowrap' },
  '& td[data-align=end], & th[data-align=end]': { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  '& tr[data-highlighted=true] > td': { bg: 'warning.100' },
})
const sortButton = css({ display: 'inline-flex', alignItems: 'center', gap: '1', cursor: 'pointer', font: 'inherit', fontWeight: 'semibold', color: 'inherit', bg: 'transparent', border: 0, p: 0, _hover: { textDecoration: 'underline' } })

export function nextSort(current: string | undefined, column: string): string {
  return current === column ? `-${column}` : column
}

export function DataTable<T>({ label, columns, rows, rowKey, state, empty, sort, onSort, detail, highlighted }: Props<T>) {
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
    <div className={wrap} role="region" aria-label={label} tabIndex={0} aria-busy={busy}>
      {busy ? <div aria-hidden className={css({ position: 'sticky', top: 0, left: 0, h: '1', bg: 'accent', zIndex: 2, animation: 'pulse 1s ease-in-out infinite' })} /> : null}
      <table className={cx(table, state.kind === 'ready' && state.refreshing ? css({ opacity: 0.6 }) : undefined)}>
        <caption className={css({ srOnly: true })}>{label}</caption>
        <thead>
          {instance.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const column = byId.get(header.column.id)
                const direction = header.column.getIsSorted()
                return (
                  <th key={header.id} scope="col" data-align={column?.align} aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}>
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
          {state.kind === 'loading' ? (
            <tr><td colSpan={columns.length}><Spinner label={m.table_loading()} /></td></tr>
          ) : state.kind === 'error' ? (
            <tr>
              <td colSpan={columns.length}>
                <Notice tone="danger" role="alert">
                  <p>{m.table_error()}</p>
                  <ul>{state.messages.map((message) => <li key={message}>{message}</li>)}</ul>
                  <button type="button" className={cx(secondaryButtonClass, css({ mt: '2' }))} onClick={state.retry}>{m.table_retry()}</button>
                </Notice>
              </td>
            </tr>
          ) : rows.length === 0 ? (
            <tr><td colSpan={columns.length} className={css({ color: 'fg.muted', py: '6' })}>{empty}</td></tr>
          ) : (
            instance.getRowModel().rows.map((row) => {
              const extra = detail?.(row.original) ?? null
              return (
                <Fragment key={row.id}>
                  <tr data-highlighted={highlighted?.(row.original) ?? false}>
                    {row.getAllCells().map((cell) => {
                      const column = byId.get(cell.column.id)
                      return <td key={cell.id} data-align={column?.align}>{column?.cell(row.original)}</td>
                    })}
                  </tr>
                  {extra ? <tr><td colSpan={columns.length} className={css({ bg: 'bg.subtle' })}>{extra}</td></tr> : null}
                </Fragment>
              )
            })
          )}
        </tbody>
      </table>
    </div>
  )
}
