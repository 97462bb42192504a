import { TreeView, useTreeView } from '@ark-ui/react/tree-view'
import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useHydrated } from '../../ui/use-hydrated'
import { StaticTree, type StaticTreeRowProps } from './company-tree-static'
import { css } from '../../../styled-system/css'
import type { CompanyCollection, TreeItem } from './tree-model'

// The tree on Ark UI's tree view (arrows, Home/End, type to jump, * opens the siblings),
// virtualized with the window: only the rows near the screen are in the page, so a company
// with 10,000 children scrolls as smoothly as one with ten. Rows are flat treeitems with
// aria-level, aria-setsize and aria-posinset. A jump to a row far away (End, type-ahead)
// scrolls it into the page first, then focuses it once it is there.
export type TreeRowProps = { item: TreeItem; depth: number }

export const ROW_ESTIMATE = 60

type TreeProps = {
  collection: CompanyCollection
  expandedValue: string[]
  onExpandedChange: (expanded: string[]) => void
  label: string
  renderRow: (props: TreeRowProps) => ReactNode
  renderStaticRow: (props: StaticTreeRowProps) => ReactNode
}

/**
 * The server renders the rows without the tree view's machinery (company-tree-static.tsx), and so
 * does the hydration that must match it; the interactive tree takes over right after hydration,
 * before the browser paints (issue 26: the tree view cost half of the page on the server).
 */
export function CompanyTree(props: TreeProps) {
  if (!useHydrated())
    return <StaticTree collection={props.collection} expandedValue={props.expandedValue} label={props.label} renderRow={props.renderStaticRow} />
  return <InteractiveTree {...props} />
}

function InteractiveTree({ collection, expandedValue, onExpandedChange, label, renderRow }: TreeProps) {
  const treeRef = useRef<HTMLDivElement>(null)
  const pendingFocus = useRef<{ value: string; tries: number } | null>(null)
  const [scrollMargin, setScrollMargin] = useState(0)
  const tree = useTreeView({
    collection,
    expandedValue,
    onExpandedChange: (details) => onExpandedChange(details.expandedValue),
    translations: { treeLabel: label },
    scrollToIndexFn: ({ index, node }) => {
      virtualizer.scrollToIndex(index, { align: 'auto' })
      pendingFocus.current = { value: collection.getNodeValue(node), tries: 0 }
    },
  })
  const expandedKey = tree.expandedValue.join(' ')
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the visible rows change with the collection and the open branches only
  const visible = useMemo(() => tree.getVisibleNodes(), [collection, expandedKey])

  useLayoutEffect(() => {
    const list = treeRef.current
    if (!list) return
    const measure = () => setScrollMargin(list.getBoundingClientRect().top + window.scrollY)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(list.parentElement ?? list)
    return () => observer.disconnect()
  }, [])
  const virtualizer = useWindowVirtualizer({
    count: visible.length,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 10,
    scrollMargin,
    getItemKey: (index) => visible[index]?.node.value ?? index,
    // Rendered on the server as if on a desktop: the first screen of rows is in the HTML.
    initialRect: { width: 1280, height: 900 },
  })

  // The row a keyboard jump went to: focused as soon as the virtualizer has rendered it.
  useLayoutEffect(() => {
    const pending = pendingFocus.current
    const list = treeRef.current
    if (!pending || !list) return
    const selector = `[data-part=branch-control][data-value="${CSS.escape(pending.value)}"], [data-part=item][data-value="${CSS.escape(pending.value)}"]`
    const target = list.querySelector<HTMLElement>(selector)
    if (target) {
      target.focus()
      pendingFocus.current = null
    } else if (++pending.tries > 20) pendingFocus.current = null
  })

  const items = virtualizer.getVirtualItems()
  return (
    <TreeView.RootProvider value={tree}>
      <TreeView.Label className={css({ srOnly: true })}>{label}</TreeView.Label>
      <TreeView.Tree ref={treeRef} className={css({ position: 'relative', w: 'full' })} style={{ height: virtualizer.getTotalSize() }}>
        {items.map((virtual) => {
          const entry = visible[virtual.index]
          // The root of the collection is never a row; every visible node is an item.
          if (!entry || !('kind' in entry.node)) return null
          return (
            <div
              key={virtual.key}
              role="none"
              data-index={virtual.index}
              ref={virtualizer.measureElement}
              className={css({ position: 'absolute', top: 0, left: 0, w: 'full' })}
              style={{ transform: `translateY(${virtual.start - virtualizer.options.scrollMargin}px)` }}
            >
              <TreeView.NodeProvider node={entry.node} indexPath={entry.indexPath}>
                {renderRow({ item: entry.node, depth: entry.indexPath.length })}
              </TreeView.NodeProvider>
            </div>
          )
        })}
      </TreeView.Tree>
    </TreeView.RootProvider>
  )
}
