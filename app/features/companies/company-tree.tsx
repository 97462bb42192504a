import { TreeView, useTreeView } from '@ark-ui/react/tree-view'
import { useWindowVirtualizer, windowScroll } from '@tanstack/react-virtual'
import { startTransition, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react'
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
 * does the hydration that must match it (the tree view cost half of the page on the
 * server). The interactive tree takes over right after hydration, in a transition, so React
 * builds it in short slices instead of one long task (it took 140 ms on a slow phone,
 * docs/decisions/035-page-weight.md), and it starts from the heights the static rows had, so its
 * rows neither overlap nor make the browser lay out the page while React commits. A tree that
 * mounts after a navigation is interactive at once.
 */
/** The static rows' heights by company, and the tree's top in the document (the virtualizer's scroll margin). */
type StaticLayout = { sizes: ReadonlyMap<string, number>; top?: number }

export function CompanyTree(props: TreeProps) {
  const hydrated = useHydrated()
  const [layout, setLayout] = useState<StaticLayout | null>(() => (hydrated ? { sizes: new Map() } : null))
  const staticRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (layout || !staticRef.current) return
    const sizes = new Map<string, number>()
    for (const row of staticRef.current.querySelectorAll<HTMLElement>('[data-row]')) sizes.set(row.dataset.row ?? '', row.offsetHeight)
    const tree = staticRef.current.querySelector('[role=tree]')
    const top = tree ? tree.getBoundingClientRect().top + window.scrollY : undefined
    startTransition(() => setLayout({ sizes, top }))
  }, [layout])
  if (!layout)
    return (
      <div ref={staticRef} className={css({ display: 'contents' })}>
        <StaticTree collection={props.collection} expandedValue={props.expandedValue} label={props.label} renderRow={props.renderStaticRow} />
      </div>
    )
  return <InteractiveTree {...props} layout={layout} />
}

function InteractiveTree({ collection, expandedValue, onExpandedChange, label, renderRow, layout }: TreeProps & { layout: StaticLayout }) {
  const treeRef = useRef<HTMLDivElement>(null)
  const pendingFocus = useRef<{ value: string; tries: number } | null>(null)
  const [scrollMargin, setScrollMargin] = useState(layout.top ?? 0)
  const knownTop = useRef(layout.top !== undefined)
  const attached = useRef(false)
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
    // Known from the static tree: the observer's first report (once laid out) checks it.
    if (!knownTop.current) measure()
    const observer = new ResizeObserver(measure)
    observer.observe(list.parentElement ?? list)
    return () => observer.disconnect()
  }, [])
  const virtualizer = useWindowVirtualizer({
    count: visible.length,
    estimateSize: (index) => layout.sizes.get(visible[index]?.node.value ?? '') ?? ROW_ESTIMATE,
    // A row just put in the page takes its known or estimated height; its ResizeObserver reports
    // the real one once the browser has laid it out. (Reading offsetHeight here, as the default
    // does, made the browser lay out the page inside React's commit for every row.)
    measureElement: (element, entry, instance) => {
      if (entry) return Math.round(entry.borderBoxSize[0]?.blockSize ?? element.getBoundingClientRect().height)
      const index = instance.indexFromElement(element)
      return instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index)
    },
    // The virtualizer's first scroll only restates where the window is (it would apply an
    // initial offset, and this tree gives none): skipped, as it made the browser lay out the page
    // inside React's commit.
    scrollToFn: (offset, options, instance) => {
      if (!attached.current) attached.current = true
      else windowScroll(offset, options, instance)
    },
    overscan: 10,
    scrollMargin,
    getItemKey: (index) => visible[index]?.node.value ?? index,
    // The interactive tree is only ever rendered in the browser (the server renders the static
    // one): it starts from the window's size, so its first range is the one it keeps. From a
    // guessed size, the virtualizer's first look at the window changed the range inside React's
    // commit and made React render the whole tree again at once (on a slow phone a task of
    // some 100 ms right after the takeover).
    initialRect: { width: window.innerWidth, height: window.innerHeight },
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
