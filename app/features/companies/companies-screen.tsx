import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useMemo } from 'react'
import { COMPANY_SEARCH_HIT_CAP } from '../../../src/domain/limits'
import type { SessionUser } from '../../../src/contract/session'
import { COMPANY_SEARCH_MIN } from '../../../src/domain/limits'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { messagesOf } from '../../ui/call-result'
import { FilterField } from '../../ui/filter-field'
import { useLocale } from '../../ui/locale'
import { Notice, Page, cardClass, headingClass, linkClass, secondaryButtonClass, subheadingClass } from '../../ui/page'
import { RowMenus } from '../../ui/row-menu'
import { Spinner } from '../../ui/spinner'
import { TooltipGroup } from '../../ui/tooltip'
import { CompanyTree } from './company-tree'
import { treeCompanyQuery } from './tree.functions'
import { TreeRow, type TreeRowActions } from './tree-row'
import { StaticTreeRow } from './tree-row-static'
import { useCompanyTree } from './use-company-tree'
import { useShopAs } from './use-shop-as'

// companies: the searchable tree of the companies below {cid}, with
// breadcrumbs back up to the user's own company. The search is in the URL (?search=), at
// least 3 characters, and reaches it once typing has settled.
const SEARCH_DEBOUNCE_MS = 400

type Props = { cid: number; search: string; onSearch: (search: string) => void; user: SessionUser }

export function CompaniesScreen({ cid, search, onSearch, user }: Props) {
  useLocale()
  const info = useQuery(treeCompanyQuery(cid))
  const tree = useCompanyTree(cid, search)
  const { shopAs, busyId } = useShopAs(cid)
  const rootNode = tree.root.data?.companies[0]
  const actions = useMemo<TreeRowActions>(
    () => ({ currentId: cid, term: tree.hits ? search : '', onShopAs: (item) => void shopAs(item.id), onLoadMore: tree.loadMore, onRetry: tree.retry }),
    [cid, search, tree.hits, shopAs, tree.loadMore, tree.retry],
  )
  const typed = search.trim()
  return (
    <Page wide>
      <header className={css({ display: 'grid', gap: '2' })}>
        <Breadcrumbs crumbs={info.data?.breadcrumbs ?? []} />
        <h1 className={headingClass}>{m.companies_tree_title()}</h1>
        {rootNode ? <p className={subheadingClass}>{m.companies_tree_below({ company: rootNode.name1 })}</p> : null}
      </header>
      <section className={cardClass} aria-labelledby="companies-search-heading">
        <h2 id="companies-search-heading" className={css({ srOnly: true })}>
          {m.companies_tree_search_label()}
        </h2>
        <div role="search" className={css({ display: 'grid', gap: '2', maxW: '36rem' })}>
          <FilterField
            label={m.companies_tree_search_label()}
            value={search}
            onCommit={onSearch}
            delayMs={SEARCH_DEBOUNCE_MS}
            placeholder={m.companies_tree_search_placeholder()}
          />
          <SearchStatus typed={typed} tree={tree} onClear={() => onSearch('')} />
        </div>
      </section>
      <section className={cardClass} aria-labelledby="companies-tree-heading" aria-busy={tree.root.isPending || busyId !== null}>
        <h2 id="companies-tree-heading" className={css({ srOnly: true })}>
          {m.companies_tree_label()}
        </h2>
        {tree.root.isPending ? <Spinner label={m.companies_tree_loading()} /> : null}
        {tree.root.isError ? (
          <Notice tone="danger" role="alert">
            <p>{m.companies_tree_error()}</p>
            <p>{messagesOf(tree.root.error).join('\n')}</p>
            <button type="button" className={secondaryButtonClass} onClick={() => void tree.root.refetch()}>
              {m.companies_tree_retry()}
            </button>
          </Notice>
        ) : null}
        {tree.collection ? (
          <TooltipGroup>
            <RowMenus>
              <CompanyTree
                collection={tree.collection}
                expandedValue={tree.expanded}
                onExpandedChange={tree.setExpanded}
                label={m.companies_tree_label()}
                renderRow={({ item, depth }) => <TreeRow item={item} depth={depth} actions={actions} />}
                renderStaticRow={(row) => <StaticTreeRow {...row} currentId={actions.currentId} term={actions.term} />}
              />
            </RowMenus>
          </TooltipGroup>
        ) : null}
        {rootNode && !rootNode.has_children ? (
          <p className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })}>
            {m.companies_tree_empty()}
            {user.groups.includes('CAN_CREATE_COMPANIES') ? (
              <a href={`/create-company/?cid=${cid}`} className={linkClass}>
                {m.companies_tree_create()}
              </a>
            ) : null}
          </p>
        ) : null}
        {busyId !== null ? <Spinner label={m.shop_as_busy()} /> : null}
      </section>
    </Page>
  )
}

function SearchStatus({ typed, tree, onClear }: { typed: string; tree: ReturnType<typeof useCompanyTree>; onClear: () => void }) {
  let text: string | null = null
  if (typed.length > 0 && typed.length < COMPANY_SEARCH_MIN) text = m.companies_tree_search_too_short({ min: String(COMPANY_SEARCH_MIN) })
  else if (tree.searchTerm && tree.search.isFetching) text = m.companies_tree_searching()
  else if (tree.searchTerm && tree.search.data) {
    const count = tree.search.data.companies.length
    if (!tree.search.data.found) text = m.companies_tree_no_hits()
    else if (tree.search.data.more) text = m.companies_tree_hits_more({ count: String(COMPANY_SEARCH_HIT_CAP) })
    else text = count === 1 ? m.companies_tree_hits_one({ term: tree.searchTerm }) : m.companies_tree_hits({ count: String(count), term: tree.searchTerm })
  } else if (tree.searchTerm && tree.search.isError) text = m.companies_tree_failure()
  // The status line is always in the page (a live region announces what changes in it).
  return (
    <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })}>
      <p role="status" className={css({ color: 'fg.muted', fontSize: 'sm', _empty: { display: 'none' } })}>
        {text}
      </p>
      {typed.length > 0 ? (
        <button type="button" className={secondaryButtonClass} onClick={onClear}>
          {m.companies_tree_clear_search()}
        </button>
      ) : null}
    </div>
  )
}

function Breadcrumbs({ crumbs }: { crumbs: ReadonlyArray<[number, string]> }) {
  if (crumbs.length === 0) return null
  return (
    <nav aria-label={m.companies_tree_breadcrumbs()}>
      <ol className={css({ display: 'flex', flexWrap: 'wrap', gap: '1', fontSize: 'sm', '& li + li::before': { content: '"›"', mx: '1', color: 'fg.muted' } })}>
        {crumbs.map(([id, name], index) => (
          <li key={id} className={css({ display: 'inline-flex', overflowWrap: 'anywhere' })}>
            {index === crumbs.length - 1 ? (
              <span aria-current="page">{name}</span>
            ) : (
              <Link to="/companies/$cid" params={{ cid: id }} search={{ search: '' }} className={linkClass}>
                {name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
