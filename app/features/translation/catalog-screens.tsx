import { Link } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useLiveQuery } from 'dexie-react-hooks'
import { useMemo, type ReactNode } from 'react'
import { catalogEndpoint, type CatalogData, type CatalogNode } from '../../../src/contract/translation'
import { isTranslated, translationOf } from '../../../src/domain/translation'
import { m } from '../../../src/paraglide/messages'
import { getLocale } from '../../../src/paraglide/runtime'
import { Spinner } from '../../ui/spinner'
import { css } from '../../../styled-system/css'
import { useLocale } from '../../ui/locale'
import { Notice, cardClass, headingClass, linkClass } from '../../ui/page'
import { AccessNotice } from './access-notice'
import { LanguagePicker, languageChoices, sameLanguageProblem } from './language-picker'
import { pendingOf, translationDb, type PendingRow } from './local-store'
import { SaveBar } from './save-bar'
import type { TranslationAccess } from './translation-access'
import { TextField } from './text-field'
import { loadCatalogFn } from './translation.functions'
import { useKeptDocument } from './use-kept-document'

// catalog-list (/catalogs), catalog (/catalog/{id}) and category (/catalog/{id}/{path}):
// the catalogue trees from the device's copy, their labels translated in place.

export type LanguagesSearch = { src: string; dst: string }

type Common = {
  search: LanguagesSearch
  access: TranslationAccess
  onSearch: (change: Partial<LanguagesSearch>) => void
}

function useCatalog({ search, access }: Pick<Common, 'search' | 'access'>) {
  const load = useServerFn(loadCatalogFn)
  const kept = useKeptDocument(
    `catalog|${search.src}|${search.dst}`,
    catalogEndpoint.data,
    () => load({ data: search }),
    access.canTranslate && search.src !== search.dst,
  )
  const pendingRows = useLiveQuery(() => pendingOf(translationDb(), 'catalogue', search.dst), [search.dst])
  const pending = useMemo(() => new Map((pendingRows ?? []).map((row) => [row.key, row])), [pendingRows])
  return { ...kept, data: kept.doc?.data ?? null, pendingRows: pendingRows ?? [], pending }
}

function Pickers({
  search,
  fromServer,
  onSearch,
}: {
  search: LanguagesSearch
  fromServer: ReadonlyArray<[string, string]> | undefined
  onSearch: Common['onSearch']
}) {
  const choices = languageChoices(fromServer, [search.src, search.dst])
  return (
    <div className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, maxW: '640px' })}>
      <LanguagePicker label={m.translation_source()} value={search.src} choices={choices} onChange={(code) => onSearch({ src: code })} />
      <LanguagePicker
        label={m.translation_target()}
        value={search.dst}
        choices={choices.filter(([code]) => code !== 'master')}
        onChange={(code) => onSearch({ dst: code })}
        problem={sameLanguageProblem(search.src, search.dst)}
      />
    </div>
  )
}

/** The title bar of a translation screen: heading, translated/total (a spinner while on its way), tags. */
export function TitleBar({
  title,
  counts,
  pending,
  tags,
}: {
  title: string
  counts: { translated: number; total: number } | null
  pending: boolean
  tags: ReadonlyArray<string>
}) {
  return (
    <header className={css({ display: 'grid', gap: '2' })}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: '3' })}>
        <h1 className={headingClass}>{title}</h1>
        <p data-testid="translation-counts" aria-live="polite" className={css({ color: 'fg.muted' })}>
          {counts ? m.translation_counts({ translated: counts.translated, total: counts.total }) : pending ? <Spinner label={m.translation_loading()} /> : null}
        </p>
      </div>
      {tags.length > 0 ? (
        <ul aria-label={m.translation_tags()} className={css({ display: 'flex', flexWrap: 'wrap', gap: '1' })}>
          {tags.map((tag) => (
            <li key={tag} className={css({ fontSize: 'xs', px: '2', py: '0.5', borderRadius: 'full', bg: 'oak.100' })}>
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
    </header>
  )
}

const screenClass = css({ display: 'grid', gap: '4', w: 'full', maxW: '1100px', mx: 'auto', px: { base: '3', md: '8' }, py: '6', minW: '0' })

export function CatalogListScreen(props: Common) {
  useLocale()
  const catalog = useCatalog(props)
  const { data } = catalog
  const { search } = props
  const totals = data
    ? Object.values(data.progress).reduce((sum, entry) => ({ translated: sum.translated + entry.translated, total: sum.total + entry.total }), {
        translated: 0,
        total: 0,
      })
    : null
  return (
    <div className={screenClass}>
      <TitleBar title={m.catalogs_title()} counts={totals} pending={catalog.doc === undefined || catalog.loading} tags={[]} />
      <AccessNotice access={props.access} />
      <Pickers search={search} fromServer={data?.language_choices} onSearch={props.onSearch} />
      <SaveBar
        scope="catalogue"
        dst={search.dst}
        pending={catalog.pendingRows}
        access={props.access}
        canReload={search.src !== search.dst}
        online={catalog.online}
        loading={catalog.loading}
        problem={catalog.problem}
        onReload={() => void catalog.reload()}
      />
      <Missing doc={catalog.doc} online={catalog.online} />
      {data ? (
        data.catalogues.length === 0 ? (
          <p role="status" className={emptyClass}>
            {m.catalogs_empty()}
          </p>
        ) : (
          <ul className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' } })}>
            {data.catalogues.map((node) => {
              const progress = data.progress[String(node.id)] ?? { translated: 0, total: 0 }
              const percent = progress.total === 0 ? 100 : Math.round((progress.translated / progress.total) * 100)
              return (
                <li key={node.id} className={cardClass}>
                  <Link
                    to="/catalog/$id"
                    params={{ id: node.id }}
                    search={search}
                    className={css({ fontSize: 'lg', fontWeight: 'semibold', color: 'accent', textDecoration: 'underline' })}
                  >
                    {labelOf(node, data, search)}
                  </Link>
                  <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                    {m.catalogs_progress({ translated: progress.translated, total: progress.total })}
                  </span>
                  <progress
                    max={Math.max(1, progress.total)}
                    value={progress.translated}
                    aria-label={m.catalogs_progress({ translated: progress.translated, total: progress.total })}
                    className={css({ w: 'full', accentColor: 'accent' })}
                  >
                    {percent} %
                  </progress>
                </li>
              )
            })}
          </ul>
        )
      ) : null}
    </div>
  )
}

/** The catalogue or one of its categories (path: the category's url in the catalogue). */
export function CatalogScreen(props: Common & { id: number; path: string | null }) {
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
      <AccessNotice access={props.access} />
      <Pickers search={search} fromServer={data?.language_choices} onSearch={props.onSearch} />
      <SaveBar
        scope="catalogue"
        dst={search.dst}
        pending={catalog.pendingRows}
        access={props.access}
        canReload={search.src !== search.dst}
        online={catalog.online}
        loading={catalog.loading}
        problem={catalog.problem}
        onReload={() => void catalog.reload()}
      />
      <Missing doc={catalog.doc} online={catalog.online} />
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
  )
}

const emptyClass = css({ p: '6', textAlign: 'center', color: 'fg.muted', bg: 'bg.subtle', borderRadius: 'card' })

function Missing({ doc, online }: { doc: unknown; online: boolean }): ReactNode {
  if (doc === undefined) return <Spinner label={m.translation_loading()} />
  if (doc === null && !online)
    return (
      <Notice tone="warning" role="alert">
        {m.translation_no_local_copy()}
      </Notice>
    )
  return null
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
    />
  )
}

function kindLabel(node: CatalogNode): string {
  if (node.kind === 'catalog') return m.catalog_kind_catalog()
  if (node.kind === 'category') return m.catalog_kind_category()
  return m.catalog_kind_article()
}

/**
 * A node's name where the page speaks (headings, breadcrumbs, links): in the interface
 * language when this page holds that dictionary (as source or target), else in the source
 * language, else its name. The target language is only for the texts being translated — a
 * German page never says "Drawer systems öffnen".
 */
export function labelOf(node: { props: { label: string | null; name: string } }, data: Pick<CatalogData, 'languages'>, search: LanguagesSearch): string {
  const key = node.props.label
  if (!key) return node.props.name
  const ui = getLocale()
  const own = ui === search.src || ui === search.dst ? data.languages[ui]?.[1][key] : undefined
  return own || data.languages[search.src]?.[1][key] || node.props.name
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

export function countTranslated(
  keys: ReadonlyArray<string>,
  data: { languages: CatalogData['languages'] },
  search: LanguagesSearch,
  pending: Map<string, PendingRow>,
) {
  const target = data.languages[search.dst]?.[1] ?? {}
  let translated = 0
  for (const key of keys) {
    const change = pending.get(key)
    if (change ? change.value !== '' : isTranslated(key, target)) translated += 1
  }
  return { translated, total: keys.length }
}
