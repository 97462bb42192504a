import { TreeView, createTreeCollection, type TreeCollection } from '@ark-ui/react/tree-view'
import { useState } from 'react'
import type { ParentNode, SetParentData } from '../../../src/contract/company-parent'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { button } from '../../../styled-system/recipes'
import { messagesOf } from '../../ui/call-result'
import { useLocale } from '../../ui/locale'
import { showErrorToast } from '../../ui/toast'
import { parentChoices } from './change-parent.functions'

// The tree of possible parents on Ark UI's tree view: arrows, Home/End and type-to-jump move
// through it, → (or a click) opens a branch and loads its children then, 40 px per level.
// Each row has a choose button, disabled for the current parent. The button
// sits beside the row's control, not in it: the control is a button already.
type Node = { value: string; label: string; city: string; children?: Node[]; childrenCount?: number }

// 40 px per level below the top (Ark sets --depth on each branch and item, the top is 1).
const rowClass = css({
  display: 'flex',
  // On a phone the choose button goes below the name instead of past the edge.
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '2',
  py: '1',
  pe: '1',
  ps: 'calc((var(--depth) - 1) * 40px)',
  borderRadius: 'control',
  minW: '0',
})
const controlClass = css({
  // Room for a name before the choose button wraps below it (phones, deep levels).
  flex: '1 1 11rem',
  minW: '0',
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: '2',
  py: '1.5',
  borderRadius: 'control',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent', outlineOffset: '1px' },
})
const indicatorClass = css({ w: '4', flexShrink: 0, display: 'inline-block', transition: 'rotate 120ms', '&[data-state=open]': { rotate: '90deg' } })
const nameClass = css({ overflowWrap: 'break-word', hyphens: 'auto', minW: '0' })
const cityClass = css({ color: 'fg.muted', fontSize: 'sm' })
const chooseClass = `${button({ variant: 'secondary', size: 'sm' })} ${css({ flexShrink: 0, ms: 'auto' })}`

function toNode(node: ParentNode): Node {
  const base = { value: String(node.id), label: node.name1, city: node.city }
  if (node.expanded) return { ...base, children: node.children.map(toNode) }
  return node.has_children ? { ...base, childrenCount: 1 } : base
}

function collectionOf(children: ReadonlyArray<ParentNode>): TreeCollection<Node> {
  return createTreeCollection<Node>({
    rootNode: { value: 'root', label: '', city: '', children: children.map(toNode) },
    nodeToValue: (node) => node.value,
    nodeToString: (node) => node.label,
  })
}

type Props = { cid: number; data: SetParentData; onChoose: (parent: [number, string]) => void }

export function ChangeParentTree({ cid, data, onChoose }: Props) {
  useLocale()
  const [collection, setCollection] = useState(() => collectionOf(data.children))
  // How many children each loaded node has in all (a node with more than a page shows "more").
  const [totals, setTotals] = useState<Record<string, number>>(() => ({ [String(data.node)]: data.total }))
  const [loadingMore, setLoadingMore] = useState<string | null>(null)
  const currentId = data.current ? String(data.current[0]) : null

  async function loadChildren(node: Node): Promise<Node[]> {
    const page = await parentChoices(cid, Number(node.value), 0)
    setTotals((before) => ({ ...before, [node.value]: page.total }))
    return page.children.map(toNode)
  }

  async function loadMore(node: Node, indexPath: number[]) {
    const loaded = node.children ?? []
    setLoadingMore(node.value)
    try {
      const page = await parentChoices(cid, Number(node.value), loaded.length)
      setTotals((before) => ({ ...before, [node.value]: page.total }))
      setCollection((before) => before.replace(indexPath, { ...node, children: [...loaded, ...page.children.map(toNode)] }))
    } catch (error) {
      showErrorToast(messagesOf(error))
    } finally {
      setLoadingMore(null)
    }
  }

  function renderNode(node: Node, indexPath: number[]) {
    const current = node.value === currentId
    const choose = (
      <button
        type="button"
        className={chooseClass}
        disabled={current}
        aria-label={current ? m.change_parent_is_current_named({ company: node.label }) : m.change_parent_choose_named({ company: node.label })}
        // The tree's keys (Enter, Space, arrows) belong to the rows, not to this button.
        onKeyDown={(event) => event.stopPropagation()}
        onClick={(event) => {
          event.stopPropagation()
          onChoose([Number(node.value), node.label])
        }}
      >
        {current ? m.change_parent_is_current() : m.change_parent_choose()}
      </button>
    )
    const text = (
      <>
        <span className={nameClass}>{node.label}</span>
        {node.city ? <span className={cityClass}>{node.city}</span> : null}
      </>
    )
    const total = totals[node.value] ?? 0
    const loaded = node.children?.length ?? 0
    return (
      <TreeView.NodeProvider key={node.value} node={node} indexPath={indexPath}>
        {node.children || node.childrenCount ? (
          <TreeView.Branch>
            <div className={rowClass}>
              <TreeView.BranchControl className={controlClass}>
                <TreeView.BranchIndicator className={indicatorClass}>▸</TreeView.BranchIndicator>
                <TreeView.BranchText className={css({ display: 'flex', flexWrap: 'wrap', columnGap: '2', minW: '0' })}>{text}</TreeView.BranchText>
              </TreeView.BranchControl>
              {choose}
            </div>
            <TreeView.BranchContent>
              {node.children?.map((child, index) => renderNode(child, [...indexPath, index]))}
              {total > loaded ? (
                <div className={css({ ps: 'calc(var(--depth) * 40px)', py: '1' })}>
                  <button
                    type="button"
                    className={button({ variant: 'ghost', size: 'sm' })}
                    disabled={loadingMore === node.value}
                    onClick={() => loadMore(node, indexPath)}
                  >
                    {m.change_parent_more({ count: String(total - loaded) })}
                  </button>
                </div>
              ) : null}
            </TreeView.BranchContent>
          </TreeView.Branch>
        ) : (
          <TreeView.Item className={rowClass}>
            <span className={indicatorClass} aria-hidden />
            <TreeView.ItemText className={css({ flex: '1 1 11rem', minW: '0', display: 'flex', flexWrap: 'wrap', columnGap: '2', px: '2', py: '1.5' })}>
              {text}
            </TreeView.ItemText>
            {choose}
          </TreeView.Item>
        )}
      </TreeView.NodeProvider>
    )
  }

  return (
    <TreeView.Root
      collection={collection}
      defaultExpandedValue={data.children.filter((node) => node.expanded).map((node) => String(node.id))}
      loadChildren={({ node }) => loadChildren(node)}
      onLoadChildrenComplete={(details) => setCollection(details.collection)}
      onLoadChildrenError={(details) => showErrorToast(details.nodes.flatMap((failed) => messagesOf(failed.error)))}
    >
      <TreeView.Label className={css({ fontWeight: 'semibold' })}>{m.change_parent_tree_label()}</TreeView.Label>
      <TreeView.Tree className={css({ display: 'grid', gap: '0.5', mt: '2' })}>
        {collection.rootNode.children?.map((node, index) => renderNode(node, [index]))}
      </TreeView.Tree>
    </TreeView.Root>
  )
}
