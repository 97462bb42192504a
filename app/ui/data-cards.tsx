import { Fragment } from 'react'
import { m } from '../../src/paraglide/messages'
import { css, cx } from '../../styled-system/css'
import { cardClass } from './page'
import { useMediaQuery } from './use-media-query'
import { DESKTOP_QUERY } from './screen-queries'
import { DataTable, ListState, type DataTableProps } from './data-table'

/**
 * A table from the desktop width (xl) up, cards below it (with their own columns if given):
 * for tables too wide for a phone or tablet. After hydration only the form in use is rendered
 * (so a row's details are fetched and shown once); before it, the screen hint or else CSS picks
 * the form (DESKTOP_QUERY is Panda's xl breakpoint, as in the classes below).
 */
export function TableOrCards<T>({ cardColumns, ...props }: DataTableProps<T> & { cardColumns?: DataTableProps<T>['columns'] }) {
  const desktop = useMediaQuery(DESKTOP_QUERY)
  return (
    <>
      {desktop !== false ? <DataTable {...props} className={css({ display: { base: 'none', xl: 'block' } })} /> : null}
      {desktop !== true ? <DataCards {...props} columns={cardColumns ?? props.columns} className={css({ display: { base: 'grid', xl: 'none' } })} /> : null}
    </>
  )
}

// The rows of a DataTable as cards, for screens too narrow for its columns: the title and
// badge columns head each card, the others are labelled lines, the actions come last. The
// server's sort is a select here (there are no column headers to click).
export function DataCards<T>({
  label,
  columns,
  rows,
  rowKey,
  state,
  empty,
  sort,
  onSort,
  detail,
  highlighted,
  className,
}: DataTableProps<T> & { className?: string }) {
  const heading = columns.filter((column) => column.card === 'title' || column.card === 'badge')
  const lines = columns.filter((column) => column.card === undefined)
  const actions = columns.filter((column) => column.card === 'actions')
  const busy = state.kind === 'loading' || (state.kind === 'ready' && state.refreshing)
  return (
    <div role="region" aria-label={label} aria-busy={busy} className={cx(css({ display: 'grid', gap: '3', minW: '0' }), className)}>
      {onSort ? <SortSelect columns={columns} sort={sort} onSort={onSort} /> : null}
      {state.kind !== 'ready' || rows.length === 0 ? (
        <div className={css({ border: '1px solid', borderColor: 'border', borderRadius: 'card', p: '4', color: 'fg.muted' })}>
          <ListState state={state} empty={empty} />
        </div>
      ) : (
        <ul className={cx(listClass, state.refreshing ? css({ opacity: 0.6 }) : undefined)}>
          {rows.map((row, index) => {
            const extra = detail?.(row) ?? null
            return (
              <li
                key={rowKey(row, index)}
                data-highlighted={highlighted?.(row) ?? false}
                className={cx(cardClass, itemClass, extra ? wideItemClass : undefined)}
              >
                <div className={headClass}>
                  {heading.map((column) => (
                    <span key={column.id} className={column.card === 'badge' ? badgeClass : titleClass}>
                      {column.cell(row)}
                    </span>
                  ))}
                </div>
                <dl className={linesClass}>
                  {lines.map((column) => (
                    <Fragment key={column.id}>
                      <dt className={termClass}>{column.header()}</dt>
                      <dd className={valueClass}>{column.text?.(row) === '' ? '–' : column.cell(row)}</dd>
                    </Fragment>
                  ))}
                </dl>
                {actions.map((column) => (
                  <div key={column.id}>{column.cell(row)}</div>
                ))}
                {extra ? <div className={detailClass}>{extra}</div> : null}
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}

const listClass = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
  alignItems: 'start',
  listStyle: 'none',
})
// Per row and cell: made once here, not on every render (Panda's css() hashes its argument).
const wideItemClass = css({ gridColumn: '1 / -1' })
const headClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'baseline', justifyContent: 'space-between' })
const titleClass = css({ fontSize: 'lg' })
const linesClass = css({ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', rowGap: '1', columnGap: '3', fontSize: 'sm' })
const termClass = css({ color: 'fg.muted' })
const valueClass = css({ overflowWrap: 'anywhere' })
const detailClass = css({ borderTopWidth: '1px', borderTopStyle: 'solid', borderTopColor: 'border', pt: '3' })
const itemClass = css({ p: '4', bg: 'bg', '&[data-highlighted=true]': { bg: 'warning.100' } })
const badgeClass = css({ fontSize: 'sm', fontWeight: 'semibold', px: '2', py: '0.5', borderRadius: 'full', bg: 'oak.100' })

function SortSelect<T>({ columns, sort, onSort }: Pick<DataTableProps<T>, 'columns' | 'sort'> & { onSort: (sort: string) => void }) {
  const sortable = columns.filter((column) => column.sortable)
  if (sortable.length === 0) return null
  return (
    <label className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', fontSize: 'sm' })}>
      {m.table_sort_by()}
      <select
        value={sort ?? ''}
        onChange={(event) => onSort(event.target.value)}
        className={css({
          minH: '10',
          px: '2',
          border: '1px solid',
          borderColor: 'border',
          borderRadius: 'control',
          bg: 'bg',
          font: 'inherit',
          minW: '0',
          maxW: 'full',
        })}
      >
        {sort === undefined ? (
          <option value="" disabled>
            {m.table_sort_by()}
          </option>
        ) : null}
        {sortable.map((column) => (
          <Fragment key={column.id}>
            <option value={column.id}>{m.table_sort_ascending({ column: column.header() })}</option>
            <option value={`-${column.id}`}>{m.table_sort_descending({ column: column.header() })}</option>
          </Fragment>
        ))}
      </select>
    </label>
  )
}
