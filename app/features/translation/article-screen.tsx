import { Link } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useMemo } from 'react'
import { articleEndpoint, catalogEndpoint, type ArticleData, type CatalogNode } from '../../../src/contract/translation'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { useLocale } from '../../ui/locale'
import { Notice, linkClass, secondaryButtonClass } from '../../ui/page'
import { Spinner } from '../../ui/spinner'
import { TitleBar, countTranslated, labelOf } from './catalog-parts'
import { AccessNotice } from './access-notice-lazy'
import { LanguagePicker, languageChoices } from './language-picker'
import { useArticleDump } from './article-dump'
import { UnitView, textKeysOf } from './article-units'
import { FieldTeam } from './desk-lazy'
import { SaveBar } from './save-bar'
import { useStoreQuery } from './store'
import type { TranslationAccess } from './translation-access'
import { usePendingOwner } from './pending-owner'
import { FieldKeys } from './field-keys'
import { loadArticleFn } from './translation.functions'
import { useKeptDocument } from './use-kept-document'
import { useStoreSilence } from './store-silence'
import { reloadGlossary } from './glossary-editor'

// article (/article/{id}/{path}): the article's translatable units as the configurator shows
// them — groups (row, multirow, frame, accordion) holding items (text, editbox, checkbox,
// combobox, sum, message box, tooltip, logic command) — each text translated in place, and
// the dump action (a JSON export of every unit in every language).

type Props = {
  id: number
  path: string
  lang: string
  access: TranslationAccess
  onLanguage: (lang: string) => void
}

export function ArticleScreen({ id, path, lang, access, onLanguage }: Props) {
  useLocale()
  const { canTranslate } = access
  const load = useServerFn(loadArticleFn)
  const model = path.split('/').at(-1) ?? ''
  const kept = useKeptDocument(
    `article|${id}|${lang}`,
    articleEndpoint.data,
    async () => {
      const answer = await load({ data: { id, model, lang } })
      return answer.kind === 'refused' ? { kind: 'refused', messages: answer.messages } : answer
    },
    canTranslate && lang !== 'master',
  )
  // The device's copy asked for and not answered: said after a while (store-silence.ts).
  const storeSilent = useStoreSilence(kept.doc === undefined)
  const owner = usePendingOwner(access)
  const pendingRows = useStoreQuery((store) => store.pendingOf(store.translationDb(), owner, 'article_unit', lang), [owner, lang])
  const pending = useMemo(() => new Map((pendingRows ?? []).map((row) => [row.key, row])), [pendingRows])
  const data = kept.doc?.data ?? null
  const keys = useMemo(() => (data ? [...new Set(data.units.flatMap(textKeysOf))] : []), [data])
  const counts = data ? countTranslated(keys, data, { src: 'master', dst: lang }, pending) : null
  const title = data ? labelOf(data.article, data, { src: 'master', dst: lang }) : m.article_title()
  const parentPath = path.split('/').slice(0, -1).join('/')
  // The category's name for the breadcrumbs, when this device keeps the catalogue trees.
  const catalog = useStoreQuery((store) => store.keptDocument(store.translationDb(), `catalog|master|${lang}`, catalogEndpoint.data), [lang])
  const parentNode =
    data && catalog
      ? findByUrl(
          catalog.data.catalogues.find((root) => root.id === data.article.catalogue),
          parentPath,
        )
      : null
  const { dumping, exportUnits } = useArticleDump(id, model, data)
  const parentLabel = parentNode && catalog ? labelOf(parentNode, catalog.data, { src: 'master', dst: lang }) : m.category_title()

  return (
    <div className={css({ display: 'grid', gap: '4', w: 'full', maxW: '1100px', mx: 'auto', px: { base: '3', md: '8' }, py: '6', minW: '0' })}>
      {data ? (
        <nav aria-label={m.breadcrumbs()}>
          <ol className={css({ display: 'flex', flexWrap: 'wrap', gap: '1', fontSize: 'sm' })}>
            <li>
              <Link to="/catalogs" search={{ src: 'master', dst: lang }} className={linkClass}>
                {m.catalogs_title()}
              </Link>
            </li>
            <li className={css({ display: 'flex', gap: '1' })}>
              <span aria-hidden>›</span>
              <Link to="/catalog/$id/$" params={{ id: data.article.catalogue, _splat: parentPath }} search={{ src: 'master', dst: lang }} className={linkClass}>
                {parentLabel}
              </Link>
            </li>
            <li className={css({ display: 'flex', gap: '1' })}>
              <span aria-hidden>›</span>
              <span aria-current="page">{title}</span>
            </li>
          </ol>
        </nav>
      ) : null}
      <TitleBar title={title} counts={counts} pending={kept.doc === undefined || kept.loading} tags={[]} />
      <AccessNotice access={access} />
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'end' })}>
        <div data-desk-nav="" className={css({ minW: '12rem' })}>
          <LanguagePicker label={m.article_target()} value={lang} choices={targetChoices(data, lang)} onChange={onLanguage} />
        </div>
        <button type="button" className={secondaryButtonClass} disabled={!data || dumping || !kept.online || !canTranslate} onClick={() => void exportUnits()}>
          {m.article_dump()}
        </button>
      </div>
      <SaveBar
        work={{ scope: 'article_unit', dst: lang, pending: pendingRows ?? [], access, online: kept.online }}
        load={{
          canReload: lang !== 'master',
          loading: kept.loading,
          problem: kept.problem,
          onReload: () => void Promise.all([kept.reload(), reloadGlossary(lang)]),
        }}
      >
        <FieldKeys />
      </SaveBar>
      {kept.doc === undefined ? <Spinner label={m.translation_loading()} /> : null}
      {storeSilent ? (
        <Notice tone="warning" role="alert">
          {m.translation_store_silent()}
        </Notice>
      ) : null}
      {kept.doc === null && !kept.online ? (
        <Notice tone="warning" role="alert">
          {m.translation_no_local_copy()}
        </Notice>
      ) : null}
      {data && data.units.length === 0 ? (
        <p role="status" className={css({ p: '6', textAlign: 'center', color: 'fg.muted', bg: 'bg.subtle', borderRadius: 'card' })}>
          {m.article_no_units()}
        </p>
      ) : null}
      <FieldTeam access={access} dst={lang} online={kept.online}>
        {data ? (
          <div className={css({ display: 'grid', gap: '3' })}>
            {data.units.map((unit) => (
              <UnitView key={unit.tid} unit={unit} context={{ data, lang, pending, articleId: id }} />
            ))}
          </div>
        ) : null}
      </FieldTeam>
    </div>
  )
}

function targetChoices(data: ArticleData | null, lang: string): Array<[string, string]> {
  return languageChoices(data?.language_choices, [lang]).filter(([code]) => code !== 'master')
}

function findByUrl(node: CatalogNode | undefined, url: string): CatalogNode | null {
  if (!node) return null
  if (node.url === url) return node
  for (const child of node.children) {
    const found = findByUrl(child, url)
    if (found) return found
  }
  return null
}
