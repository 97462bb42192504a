import type { ReactNode } from 'react'
import { css } from '../../../styled-system/css'
import type { CompanyCollection, RootItem, TreeItem } from './tree-model'

// The companies tree as the server renders it (see CompanyTree): the rows the virtualizer would
// put on a first desktop screen, in plain elements, one below the other at their own heights
// (placed at the virtualizer's 60 px estimate, rows with a second line of text overlapped until
// the scripts ran), and room for the rows after them.
export type StaticTreeRowProps = { item: TreeItem; depth: number; open: boolean }

// As the virtualizer's first render: a 900 px window of 60 px rows, and 10 more.
const FIRST_ROWS = 25
const ROW_ESTIMATE = 60

const treeClass = css({ w: 'full' })
const labelClass = css({ srOnly: true })

type Row = { item: TreeItem; depth: number; open: boolean }

/** The rows on screen: every child of an open company, depth first, as the tree view shows them. */
function visibleRows(root: RootItem, expanded: ReadonlySet<string>): Row[] {
  const rows: Row[] = []
  const walk = (items: ReadonlyArray<TreeItem>, depth: number) => {
    for (const item of items) {
      const open = item.kind === 'company' && item.children !== undefined && expanded.has(item.value)
      rows.push({ item, depth, open })
      if (open && item.kind === 'company') walk(item.children ?? [], depth + 1)
    }
  }
  walk(root.children, 1)
  return rows
}

export function StaticTree({
  collection,
  expandedValue,
  label,
  renderRow,
}: {
  collection: CompanyCollection
  expandedValue: string[]
  label: string
  renderRow: (props: StaticTreeRowProps) => ReactNode
}) {
  const root = collection.rootNode
  const rows = 'kind' in root ? [] : visibleRows(root, new Set(expandedValue))
  return (
    <>
      <span className={labelClass}>{label}</span>
      <div role="tree" aria-label={label} className={treeClass} style={{ paddingBottom: Math.max(0, rows.length - FIRST_ROWS) * ROW_ESTIMATE }}>
        {rows.slice(0, FIRST_ROWS).map((row) => (
          <div key={row.item.value} role="none" data-row={row.item.value}>
            {renderRow(row)}
          </div>
        ))}
      </div>
    </>
  )
}
