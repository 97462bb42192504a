import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { CompanyNode } from '../../../src/contract/company-tree'
import { TREE_PAGE_SIZE, companySearchTermOf } from '../../../src/domain/limits'
import { m } from '../../../src/paraglide/messages'
import { messagesOf } from '../../ui/call-result'
import { showToast } from '../../ui/toast'
import { treeChildrenQuery, treeRootQuery, treeSearchQuery } from './tree.functions'
import { buildTree, companyIdOf, companyValue, searchExpanded, type Level } from './tree-model'

// The state of one companies tree: which companies are open, how many pages of each one's
// children are wanted, the queries that load them (TanStack Query: cached per company and
// offset, so closing and opening again is instant), the search, and the collection built
// from all of it. Search: no hits → the info toast 'No companies found'; a
// failed search → a toast titled 'Failure'.
export function useCompanyTree(cid: number, term: string) {
  const queryClient = useQueryClient()
  const rootValue = companyValue(cid)
  const [expanded, setExpanded] = useState<string[]>([rootValue])
  const [pages, setPages] = useState<Record<number, number>>({})
  const root = useQuery(treeRootQuery(cid))
  const searchTerm = companySearchTermOf(term)
  const search = useQuery({ ...treeSearchQuery(cid, searchTerm ?? ''), enabled: searchTerm !== null, placeholderData: keepPreviousData })
  const hits = searchTerm !== null && search.data?.found ? search.data.companies : undefined

  // A search opens the tree down to each hit; leaving the search closes it again.
  const searching = hits !== undefined
  const wasSearching = useRef(false)
  useEffect(() => {
    if (hits) setExpanded(searchExpanded(cid, hits))
  }, [hits, cid])
  useEffect(() => {
    if (wasSearching.current && !searching) setExpanded([rootValue])
    wasSearching.current = searching
  }, [searching, rootValue])

  const { data: searchData, error: searchError } = search
  useEffect(() => {
    if (searchData && !searchData.found) showToast({ title: () => m.companies_tree_no_hits(), type: 'info' })
  }, [searchData])
  useEffect(() => {
    if (searchError) showToast({ title: () => m.companies_tree_failure(), lines: messagesOf(searchError), type: 'error' })
  }, [searchError])

  // Page 0 of the root's children comes with the root (root=1); every other page is its own query.
  const wanted = useMemo(() => {
    const list: Array<{ id: number; offset: number }> = []
    for (const value of expanded) {
      const id = companyIdOf(value)
      if (id === null) continue
      for (let page = id === cid ? 1 : 0; page < (pages[id] ?? 1); page++) list.push({ id, offset: page * TREE_PAGE_SIZE })
    }
    return list
  }, [expanded, pages, cid])
  const childQueries = useQueries({ queries: wanted.map(({ id, offset }) => treeChildrenQuery(id, offset)), combine: pagesOf })

  const rootNode = root.data?.companies[0]
  const levels = useMemo(() => {
    const byId = new Map<number, Level>()
    const add = (id: number, nodes: ReadonlyArray<CompanyNode>, total: number, pending: boolean, failed: boolean) => {
      const level = byId.get(id) ?? { nodes: [], total, pending: false, failed: false }
      byId.set(id, { nodes: [...level.nodes, ...nodes], total, pending: level.pending || pending, failed: level.failed || failed })
    }
    if (rootNode && root.data) add(cid, rootNode.children, root.data.total, false, false)
    wanted.forEach(({ id }, index) => {
      const query = childQueries[index]
      if (!query) return
      // A page that failed or is still loading ends its level: later pages wait for it.
      const level = byId.get(id)
      if (level?.pending || level?.failed) return
      add(id, query.data?.companies ?? [], query.data?.total ?? level?.total ?? 0, query.pending, query.failed)
    })
    return byId
  }, [rootNode, root.data, cid, wanted, childQueries])

  const collection = useMemo(
    () =>
      rootNode
        ? buildTree({
            root: rootNode,
            expanded: new Set(expanded),
            levelOf: (id) => levels.get(id),
            hits,
            texts: { loading: m.companies_tree_loading_more(), more: '', failed: m.companies_tree_children_failed() },
          })
        : null,
    [rootNode, expanded, levels, hits],
  )

  const loadMore = useCallback((parentId: number, loaded: number) => {
    setPages((current) => {
      const page = Math.floor(loaded / TREE_PAGE_SIZE) + 1
      return (current[parentId] ?? 1) >= page ? current : { ...current, [parentId]: page }
    })
  }, [])
  const retry = useCallback(
    (parentId: number) =>
      void queryClient.refetchQueries({ queryKey: ['companies', parentId, 'children'], type: 'all', predicate: (query) => query.state.status === 'error' }),
    [queryClient],
  )

  return { root, search, searchTerm, hits, collection, expanded, setExpanded, loadMore, retry }
}

// The pages as the tree needs them; a stable function, so the combined result keeps its
// identity until a page changes (and the collection is not rebuilt on every render).
function pagesOf(results: ReadonlyArray<{ data?: { companies: CompanyNode[]; total: number }; isPending: boolean; isError: boolean }>) {
  return results.map((result) => ({ data: result.data, pending: result.isPending, failed: result.isError }))
}
