import { Link } from '@tanstack/react-router'
import { translationOf } from '../../../src/domain/translation'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { useLocale } from '../../ui/locale'
import { Notice, cardClass, linkClass } from '../../ui/page'
import type { CatalogData, CatalogNode } from '../../../src/contract/translation'
import type { PendingRow } from './local-store'
import { TextField } from './text-field'
import { FieldTeam } from './desk-lazy'
import {
  CatalogControls,
  TitleBar,
  countTranslated,
  emptyClass,
  labelOf,
  screenClass,
  useCatalog,
  type CatalogProps,
  type LanguagesSearch,
} from './catalog-parts'

// catalog (/catalog/{id}) and category (/catalog/{id}/{path}): one node of a catalogue tree
// with its children, their labels translated in place.

/** The catalogue or one of its categories (path: the category's url in the catalogue). */
export function CatalogScreen(props: CatalogProps & { id: number; path: string | null }) {
  useLocale()
  const catalog = useCatalog(props)
  const { data, pending } = catalog
  const { search } = props
  const root = data?.catalogues.find((node) => node.id === props.id) ?? null
  const trail = root ? trailTo(root, props.path) : null
  const node = trail?.at(-1) ?? null
  const texts = node ? [node, ...node.children].filter((item) => item.props.label !== null) : []
  const counts =
    data && node
      ? countTranslated(
          texts.map((item) => item.props.label!),
          data,
          search,
          pending,
        )
      : null
  return (
    <FieldTeam access={props.access} dst={search.dst} online={catalog.online}>
      <div className={screenClass}>
        {trail ? (
          <nav aria-label={m.breadcrumbs()}>
            <ol className={css({ display: 'flex', flexWrap: 'wrap', gap: '1', fontSize: 'sm' })}>
              <li>
                <Link to="/catalogs" search={search} className={linkClass}>
                  {m.catalogs_title()}
                </Link>
              </li>
              {trail.map((step, index) => (
                <li key={step.id} className={css({ display: 'flex', gap: '1' })}>
                  <span aria-hidden>›</span>
                  {index === trail.length - 1 ? (
                    <span aria-current="page">{labelOf(step, data!, search)}</span>
                  ) : index === 0 ? (
                    <Link to="/catalog/$id" params={{ id: root!.id }} search={search} className={linkClass}>
                      {labelOf(step, data!, search)}
                    </Link>
                  ) : (
                    <Link to="/catalog/$id/$" params={{ id: root!.id, _splat: step.url }} search={search} className={linkClass}>
                      {labelOf(step, data!, search)}
                    </Link>
                  )}
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <TitleBar
          title={node && data ? labelOf(node, data, search) : m.catalog_title()}
          counts={counts}
          pending={catalog.doc === undefined || catalog.loading}
          tags={node?.t9n_tags ?? []}
        />
        <CatalogControls {...props} catalog={catalog} />
        {data && !node ? (
          <Notice tone="warning" role="alert">
            {m.catalog_not_found()}
          </Notice>
        ) : null}
        {data && node ? (
          <>
            <section className={cardClass} aria-label={m.catalog_own_label()}>
              <LabelField node={node} data={data} search={search} pending={pending} kindLabel={kindLabel(node)} />
            </section>
            {node.children.length === 0 ? (
              <p role="status" className={emptyClass}>
                {m.catalog_no_children()}
              </p>
            ) : null}
            <ul className={css({ display: 'grid', gap: '3' })}>
              {node.children.map((child) => (
                <li key={child.id} className={cardClass}>
                  <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'baseline', justifyContent: 'space-between' })}>
                    {child.kind === 'article' ? (
                      <Link to="/article/$id/$" params={{ id: child.id, _splat: child.url }} search={{ lang: search.dst }} className={linkClass}>
                        {m.catalog_open_article({ name: labelOf(child, data, search) })}
                      </Link>
                    ) : (
                      <Link to="/catalog/$id/$" params={{ id: props.id, _splat: child.url }} search={search} className={linkClass}>
                        {m.catalog_open_category({ name: labelOf(child, data, search) })}
                      </Link>
                    )}
                  </div>
                  <LabelField node={child} data={data} search={search} pending={pending} kindLabel={kindLabel(child)} />
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </FieldTeam>
  )
}

function LabelField({
  node,
  data,
  search,
  pending,
  kindLabel,
}: {
  node: CatalogNode
  data: CatalogData
  search: LanguagesSearch
  pending: Map<string, PendingRow>
  kindLabel: string
}) {
  const key = node.props.label
  if (!key) return <p className={css({ color: 'fg.muted' })}>{node.props.name}</p>
  const target = translationOf(key, data.languages[search.dst]?.[1] ?? {})
  return (
    <TextField
      scope="catalogue"
      dst={search.dst}
      textKey={key}
      source={data.languages[search.src]?.[1][key] ?? node.props.name}
      target={target}
      stamp={data.stamps[search.dst]?.[key] ?? null}
      pending={pending.get(key)}
      label={kindLabel}
      src={search.src}
      revisions={data.revisions}
      state={data.states[search.dst]?.[key]}
      comments={data.comments[search.dst]?.[key]}
    />
  )
}

function kindLabel(node: CatalogNode): string {
  if (node.kind === 'catalog') return m.catalog_kind_catalog()
  if (node.kind === 'category') return m.catalog_kind_category()
  return m.catalog_kind_article()
}

/** The nodes from the catalogue root down to the node with this url (null: not found). */
function trailTo(root: CatalogNode, path: string | null): CatalogNode[] | null {
  if (!path) return [root]
  const walk = (node: CatalogNode, trail: CatalogNode[]): CatalogNode[] | null => {
    for (const child of node.children) {
      if (child.kind === 'article') continue
      if (child.url === path) return [...trail, child]
      if (path.startsWith(`${child.url}/`)) {
        const found = walk(child, [...trail, child])
        if (found) return found
      }
    }
    return null
  }
  return walk(root, [root])
}
