import { createTreeCollection, type TreeCollection } from '@ark-ui/react/tree-view'
import type { CompanyNode, CompanySearchHit } from '../../../src/contract/company-tree'

// The companies tree as Ark UI's tree view sees it: one collection built from what has been
// loaded — the root with its children, the pages of every expanded company's children, or
// the search hits with their ancestors (a pruned tree down to each hit). Pure, so it is
// rebuilt whenever a page arrives.
export type CompanyItem = {
  kind: 'company'
  value: string
  label: string
  id: number
  /** null for an ancestor of a search hit: only its id and name are known. */
  company: CompanyNode | null
  hit: boolean
  setSize: number
  posInSet: number
  children?: TreeItem[]
  /** Set on companies with children not in the collection yet (a closed branch). */
  childrenCount?: number
}
/** A row standing for children not loaded yet: the next page, or the first one while it loads. */
export type PlaceholderItem = { kind: 'more' | 'loading' | 'failed'; value: string; label: string; parentId: number; loaded: number; total: number }
export type TreeItem = CompanyItem | PlaceholderItem
export type RootItem = { value: string; label: string; children: TreeItem[] }

/** The children loaded so far for one company: its pages in order. */
export type Level = { nodes: ReadonlyArray<CompanyNode>; total: number; pending: boolean; failed: boolean }

export const companyValue = (id: number) => `c:${id}`
export const companyIdOf = (value: string): number | null => (value.startsWith('c:') ? Number(value.slice(2)) : null)

export type TreeInput = {
  root: CompanyNode
  expanded: ReadonlySet<string>
  levelOf: (id: number) => Level | undefined
  /** Search mode: the hits; the tree then shows only the paths down to them. */
  hits?: ReadonlyArray<CompanySearchHit>
  texts: { loading: string; more: string; failed: string }
}

export type CompanyCollection = TreeCollection<TreeItem | RootItem>

export function buildTree(input: TreeInput): CompanyCollection {
  const pruned = input.hits ? prunedChildren(input.root.id, input.hits) : null
  const hitIds = new Set(input.hits?.map((hit) => hit.id))
  const rootItem = companyItem(input, input.root, 1, 1, pruned, hitIds)
  const tree: RootItem = { value: 'ROOT', label: '', children: [rootItem] }
  return createTreeCollection<TreeItem | RootItem>({
    rootNode: tree,
    nodeToValue: (node) => node.value,
    nodeToString: (node) => node.label,
    nodeToChildren: (node) => ('kind' in node ? (node.kind === 'company' ? (node.children ?? []) : []) : node.children),
    nodeToChildrenCount: (node) => ('kind' in node && node.kind === 'company' ? node.childrenCount : undefined),
  })
}

type Pruned = Map<number, Array<CompanyNode | { id: number; name1: string }>>

function companyItem(
  input: TreeInput,
  company: CompanyNode | { id: number; name1: string },
  setSize: number,
  posInSet: number,
  pruned: Pruned | null,
  hitIds: ReadonlySet<number>,
): CompanyItem {
  const node = 'has_children' in company ? company : null
  const value = companyValue(company.id)
  const item: CompanyItem = { kind: 'company', value, label: company.name1, id: company.id, company: node, hit: hitIds.has(company.id), setSize, posInSet }
  const prunedBelow = pruned?.get(company.id)
  if (prunedBelow) {
    item.children = prunedBelow.map((child, index) => companyItem(input, child, prunedBelow.length, index + 1, pruned, hitIds))
    return item
  }
  if (!node?.has_children) return item
  if (!input.expanded.has(value)) {
    item.childrenCount = 1
    return item
  }
  item.children = levelItems(input, company.id, input.levelOf(company.id))
  return item
}

function levelItems(input: TreeInput, parentId: number, level: Level | undefined): TreeItem[] {
  if (!level) return [placeholder('loading', parentId, 0, 0, input.texts.loading)]
  const items: TreeItem[] = level.nodes.map((node, index) => companyItem(input, node, level.total, index + 1, null, new Set()))
  const loaded = level.nodes.length
  if (level.failed) items.push(placeholder('failed', parentId, loaded, level.total, input.texts.failed))
  else if (level.pending) items.push(placeholder('loading', parentId, loaded, level.total, input.texts.loading))
  else if (loaded < level.total) items.push(placeholder('more', parentId, loaded, level.total, input.texts.more))
  return items
}

function placeholder(kind: PlaceholderItem['kind'], parentId: number, loaded: number, total: number, label: string): PlaceholderItem {
  return { kind, value: `${kind}:${parentId}`, label, parentId, loaded, total }
}

/** Each company on the way to a hit, with the companies below it that lead to hits, by name. */
function prunedChildren(rootId: number, hits: ReadonlyArray<CompanySearchHit>): Pruned {
  // A hit may also be on the way to another hit: its full node wins over the bare ancestor.
  const nodes = new Map<number, CompanyNode | { id: number; name1: string }>()
  const edges = new Map<number, Set<number>>()
  for (const hit of hits) {
    if (hit.ancestors[0]?.[0] !== rootId) continue
    const chain = [...hit.ancestors.map(([id, name1]) => ({ id, name1 })), hit]
    for (let i = 1; i < chain.length; i++) {
      const child = chain[i]!
      const known = nodes.get(child.id)
      if (!known || !('has_children' in known)) nodes.set(child.id, child)
      const parentId = chain[i - 1]!.id
      edges.set(parentId, (edges.get(parentId) ?? new Set()).add(child.id))
    }
  }
  const below: Pruned = new Map()
  for (const [parentId, ids] of edges) {
    const children = [...ids].map((id) => nodes.get(id)!)
    below.set(
      parentId,
      children.sort((a, b) => a.name1.localeCompare(b.name1) || a.id - b.id),
    )
  }
  return below
}

/** The companies a search opens: the root and every ancestor of a hit. */
export function searchExpanded(rootId: number, hits: ReadonlyArray<CompanySearchHit>): string[] {
  const values = new Set([companyValue(rootId)])
  for (const hit of hits) for (const [id] of hit.ancestors) values.add(companyValue(id))
  return [...values]
}
