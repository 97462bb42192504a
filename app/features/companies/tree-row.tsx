import { TreeView, useTreeViewNodeContext } from '@ark-ui/react/tree-view'
import { useEffect, type KeyboardEvent, type MouseEvent } from 'react'
import { m } from '../../../src/paraglide/messages'
import { css, cx } from '../../../styled-system/css'
import { RowActions } from '../../ui/row-menu'
import { Tip } from '../../ui/tooltip'
import { companyRowActions } from './company-row-actions'
import { CompanyText } from './company-text'
import type { CompanyItem, PlaceholderItem, TreeItem } from './tree-model'
import {
  INDENT_PX,
  actionClass,
  actionsClass,
  focusClass,
  indicatorClass,
  nodeClass,
  placeholderClass,
  rowClass,
  textClass,
  toggleClass,
} from './tree-row-styles'

// One row of the companies tree: the company (a branch that opens, or a leaf) with its
// actions — edit for the company the tree starts at, browse for the others, shop as — or a
// placeholder for children still to come. Each level is indented 40 px.

export type TreeRowActions = {
  /** The company the tree starts at: its row offers edit instead of browse. */
  currentId: number
  term: string
  onShopAs: (item: CompanyItem) => void
  onLoadMore: (parentId: number, loaded: number) => void
  onRetry: (parentId: number) => void
}

// Actions keep their own clicks and keys: the tree would otherwise take Enter and Space for
// selecting the row, and a click inside a row for the row. (The phone's menu takes its arrows
// itself: the tree leaves a key alone once the menu button has handled it.)
const keepClick = (event: MouseEvent) => event.stopPropagation()
const keepKeys = (event: KeyboardEvent) => {
  if (event.key === 'Enter' || event.key === ' ') event.stopPropagation()
}

export function TreeRow({ item, depth, actions }: { item: TreeItem; depth: number; actions: TreeRowActions }) {
  const indent = { paddingInlineStart: `${(depth - 1) * INDENT_PX}px` }
  if (item.kind !== 'company') return <PlaceholderRow item={item} indent={indent} actions={actions} />
  const text = <CompanyText item={item} term={actions.term} />
  const row = <Actions item={item} actions={actions} />
  if (item.children || item.childrenCount !== undefined)
    return (
      <TreeView.Branch aria-setsize={item.setSize} aria-posinset={item.posInSet} data-hit={item.hit} className={rowClass} style={indent}>
        <TreeView.BranchControl className={cx(nodeClass, focusClass)}>
          <BranchToggle />
          <TreeView.BranchText className={textClass}>{text}</TreeView.BranchText>
        </TreeView.BranchControl>
        {row}
      </TreeView.Branch>
    )
  return (
    <TreeView.Item aria-setsize={item.setSize} aria-posinset={item.posInSet} data-hit={item.hit} className={cx(rowClass, focusClass)} style={indent}>
      <span className={nodeClass}>
        <span aria-hidden="true" className={indicatorClass} />
        <TreeView.ItemText className={textClass}>{text}</TreeView.ItemText>
      </span>
      {row}
    </TreeView.Item>
  )
}

function Actions({ item, actions }: { item: CompanyItem; actions: TreeRowActions }) {
  const state = useTreeViewNodeContext()
  // Only the focused row's actions are in the tab order: Tab leaves the tree after them.
  const tabIndex = state.focused ? 0 : -1
  return (
    <span className={actionsClass} onClick={keepClick} onKeyDown={keepKeys}>
      <RowActions name={item.label} actions={companyRowActions(item, actions.currentId, actions.onShopAs)} compact tabIndex={tabIndex} />
    </span>
  )
}

/** The open/close arrow of a branch; pointing at it says what a click does. */
function BranchToggle() {
  const state = useTreeViewNodeContext()
  return (
    <TreeView.BranchIndicator className={indicatorClass}>
      <Tip text={state.expanded ? m.companies_tree_toggle_hide() : m.companies_tree_toggle_show()}>
        <span className={toggleClass}>▸</span>
      </Tip>
    </TreeView.BranchIndicator>
  )
}

function PlaceholderRow({ item, indent, actions }: { item: PlaceholderItem; indent: { paddingInlineStart: string }; actions: TreeRowActions }) {
  const { kind, parentId, loaded } = item
  // The next page is asked for as soon as its row comes near the screen (or gets the focus).
  useEffect(() => {
    if (kind === 'more') actions.onLoadMore(parentId, loaded)
  }, [kind, parentId, loaded, actions])
  return (
    <TreeView.Item className={cx(rowClass, focusClass, placeholderClass)} style={indent} aria-busy={kind !== 'failed'} data-placeholder={kind}>
      <span className={nodeClass}>
        <span aria-hidden="true" className={indicatorClass} />
        <TreeView.ItemText>
          {kind === 'failed' ? m.companies_tree_children_failed() : kind === 'more' ? m.companies_tree_more({ loaded, total: item.total }) : item.label}
        </TreeView.ItemText>
      </span>
      {kind === 'failed' ? (
        <span onClick={keepClick} onKeyDown={keepKeys} className={css({ ml: 'auto' })}>
          <button type="button" className={actionClass} onClick={() => actions.onRetry(parentId)}>
            {m.companies_tree_retry()}
          </button>
        </span>
      ) : null}
    </TreeView.Item>
  )
}
