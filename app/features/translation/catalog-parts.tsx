import { useServerFn } from '@tanstack/react-start'
import { useId, useMemo, useState, type ReactNode } from 'react'
import { catalogEndpoint, type CatalogData } from '../../../src/contract/translation'
import { isTranslated } from '../../../src/domain/translation'
import { m } from '../../../src/paraglide/messages'
import { getLocale } from '../../../src/paraglide/runtime'
import { css } from '../../../styled-system/css'
import { Notice, headingClass } from '../../ui/page'
import { Spinner } from '../../ui/spinner'
import { AccessNotice } from './access-notice-lazy'
import { LanguagePicker, languageChoices, languageName, sameLanguageProblem } from './language-picker'
import { FoldToggle, foldableClass } from '../../ui/phone-fold'
import { isOutdated, revisionsOf, type PendingRow, type Revisions } from './local-keys'
import { SaveBar } from './save-bar'
import { useStoreQuery } from './store'
import type { TranslationAccess } from './translation-access'
import { usePendingOwner } from './pending-owner'
import { FieldKeys } from './field-keys'
import { loadCatalogFn } from './translation.functions'
import { useKeptDocument } from './use-kept-document'
import { useStoreSilence } from './store-silence'
import { reloadGlossary } from './glossary-editor'

// What the catalogue screens share (catalog-list, catalog and category, and the article's
// title bar): the catalogue from the device's copy with its pending edits, the controls below
// the title, and how a node is named and counted.

export type LanguagesSearch = { src: string; dst: string }

export type CatalogProps = {
  search: LanguagesSearch
  access: TranslationAccess
  onSearch: (change: Partial<LanguagesSearch>) => void
}

type Catalog = ReturnType<typeof useCatalog>

export function useCatalog({ search, access }: Pick<CatalogProps, 'search' | 'access'>) {
  const load = useServerFn(loadCatalogFn)
  const kept = useKeptDocument(
    `catalog|${search.src}|${search.dst}`,
    catalogEndpoint.data,
    () => load({ data: search }),
    access.canTranslate && search.src !== search.dst,
  )
  const owner = usePendingOwner(access)
  const pendingRows = useStoreQuery((store) => store.pendingOf(store.translationDb(), owner, 'catalogue', search.dst), [owner, search.dst])
  const pending = useMemo(() => new Map((pendingRows ?? []).map((row) => [row.key, row])), [pendingRows])
  // "Load from server" brings the glossary the fields mark and check with too.
  const reload = async () => {
    await Promise.all([kept.reload(), reloadGlossary(search.dst)])
  }
  return { ...kept, reload, data: kept.doc?.data ?? null, pendingRows: pendingRows ?? [], pending }
}

function Pickers({
  search,
  fromServer,
  onSearch,
}: {
  search: LanguagesSearch
  fromServer: ReadonlyArray<[string, string]> | undefined
  onSearch: CatalogProps['onSearch']
}) {
  const choices = languageChoices(fromServer, [search.src, search.dst])
  // Alt+↓/↑ go to the next or previous text from the pickers too (decision 048).
  return (
    <div data-desk-nav="" className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, maxW: '640px' })}>
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

/**
 * What every catalogue screen shows below its title: access, language pickers, save bar, missing
 * copy. `id`: the open catalogue, whose texts the save bar offers as XLIFF.
 */
export function CatalogControls({ catalog, id, ...props }: CatalogProps & { catalog: Catalog; id?: number }) {
  const { search } = props
  // On a phone the pickers and the bar's other actions fold into one bar (app/ui/phone-fold.tsx).
  const [controlsOpen, setControlsOpen] = useState(false)
  const controlsId = useId()
  return (
    <div data-fold={controlsOpen ? 'open' : 'closed'} className={css({ display: 'grid', gap: { base: '3', md: '4' }, minW: '0' })}>
      <AccessNotice access={props.access} />
      <div id={controlsId} className={foldableClass}>
        <Pickers search={search} fromServer={catalog.data?.language_choices} onSearch={props.onSearch} />
      </div>
      <SaveBar
        work={{ scope: 'catalogue', dst: search.dst, pending: catalog.pendingRows, access: props.access, online: catalog.online }}
        load={{ canReload: search.src !== search.dst, loading: catalog.loading, problem: catalog.problem, onReload: () => void catalog.reload() }}
        xliff={id === undefined ? null : { kind: 'catalogue', id, src: search.src, dst: search.dst }}
        foldToggle={
          <FoldToggle
            open={controlsOpen}
            onToggle={() => setControlsOpen((open) => !open)}
            controls={controlsId}
            summary={`${languageName(search.src)} → ${languageName(search.dst)}`}
          />
        }
      >
        <FieldKeys />
      </SaveBar>
      <Missing doc={catalog.doc} online={catalog.online} />
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

export const screenClass = css({ display: 'grid', gap: '4', w: 'full', maxW: '1100px', mx: 'auto', px: { base: '3', md: '8' }, py: '6', minW: '0' })

export const emptyClass = css({ p: '6', textAlign: 'center', color: 'fg.muted', bg: 'bg.subtle', borderRadius: 'card' })

function Missing({ doc, online }: { doc: unknown; online: boolean }): ReactNode {
  // The device's copy asked for and not answered: said after a while (store-silence.ts).
  const silent = useStoreSilence(doc === undefined)
  if (doc === undefined)
    return (
      <>
        <Spinner label={m.translation_loading()} />
        {silent ? (
          <Notice tone="warning" role="alert">
            {m.translation_store_silent()}
          </Notice>
        ) : null}
      </>
    )
  if (doc === null && !online)
    return (
      <Notice tone="warning" role="alert">
        {m.translation_no_local_copy()}
      </Notice>
    )
  return null
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

export function countTranslated(
  keys: ReadonlyArray<string>,
  data: { languages: CatalogData['languages']; revisions?: Revisions },
  search: LanguagesSearch,
  pending: Map<string, PendingRow>,
) {
  const target = data.languages[search.dst]?.[1] ?? {}
  let translated = 0
  for (const key of keys) {
    const change = pending.get(key)
    // An outdated translation is not done: its source changed since it was written.
    const current = () => !isOutdated({ target: '', ...revisionsOf(data.revisions, key, search.dst) })
    if (change ? change.value !== '' : isTranslated(key, target) && current()) translated += 1
  }
  return { translated, total: keys.length }
}
