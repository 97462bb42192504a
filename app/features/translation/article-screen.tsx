import { Link } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { useLiveQuery } from 'dexie-react-hooks'
import { useMemo, useState } from 'react'
import { articleEndpoint, catalogEndpoint, type ArticleData, type ArticleUnit, type CatalogNode } from '../../../src/contract/translation'
import { translationOf } from '../../../src/domain/translation'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { messagesOf } from '../../ui/call-result'
import { useLocale } from '../../ui/locale'
import { Notice, cardClass, linkClass, secondaryButtonClass } from '../../ui/page'
import { showErrorToast, showToast } from '../../ui/toast'
import { Spinner } from '../../ui/spinner'
import { TitleBar, countTranslated, labelOf } from './catalog-parts'
import { AccessNotice } from './access-notice'
import { LanguagePicker, languageChoices } from './language-picker'
import { keptDocument, pendingOf, translationDb, type PendingRow } from './local-store'
import { SaveBar } from './save-bar'
import { TextField } from './text-field'
import type { TranslationAccess } from './translation-access'
import { dumpArticleFn, loadArticleFn } from './translation.functions'
import { useKeptDocument } from './use-kept-document'

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

type Context = { data: ArticleData; lang: string; pending: Map<string, PendingRow>; articleId: number }

export function ArticleScreen({ id, path, lang, access, onLanguage }: Props) {
  useLocale()
  const { canTranslate } = access
  const load = useServerFn(loadArticleFn)
  const dump = useServerFn(dumpArticleFn)
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
  const pendingRows = useLiveQuery(() => pendingOf(translationDb(), 'article_unit', lang), [lang])
  const pending = useMemo(() => new Map((pendingRows ?? []).map((row) => [row.key, row])), [pendingRows])
  const [dumping, setDumping] = useState(false)
  const data = kept.doc?.data ?? null
  const keys = useMemo(() => (data ? [...new Set(data.units.flatMap(textKeysOf))] : []), [data])
  const counts = data ? countTranslated(keys, data, { src: 'master', dst: lang }, pending) : null
  const title = data ? labelOf(data.article, data, { src: 'master', dst: lang }) : m.article_title()
  const parentPath = path.split('/').slice(0, -1).join('/')
  // The category's name for the breadcrumbs, when this device keeps the catalogue trees.
  const catalog = useLiveQuery(() => keptDocument(translationDb(), `catalog|master|${lang}`, catalogEndpoint.data), [lang])
  const parentNode =
    data && catalog
      ? findByUrl(
          catalog.data.catalogues.find((root) => root.id === data.article.catalogue),
          parentPath,
        )
      : null
  const parentLabel = parentNode && catalog ? labelOf(parentNode, catalog.data, { src: 'master', dst: lang }) : m.category_title()

  async function exportUnits() {
    if (!data) return
    setDumping(true)
    try {
      const tids = data.units.flatMap(tidsOf)
      const answer = await dump({ data: { article: id, tids } })
      if (answer.kind === 'ok') {
        const blob = new Blob([JSON.stringify(answer.data, null, 2)], { type: 'application/json' })
        const link = document.createElement('a')
        link.href = URL.createObjectURL(blob)
        link.download = `article-${id}-${model}.json`
        link.click()
        URL.revokeObjectURL(link.href)
        showToast({ title: () => m.article_dump_done({ count: answer.data.units.length }), type: 'success' })
      } else showErrorToast(answer.kind === 'login' ? [m.translation_login_notice()] : answer.messages)
    } catch (caught) {
      showErrorToast(messagesOf(caught))
    } finally {
      setDumping(false)
    }
  }

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
        <div className={css({ minW: '12rem' })}>
          <LanguagePicker label={m.article_target()} value={lang} choices={targetChoices(data, lang)} onChange={onLanguage} />
        </div>
        <button type="button" className={secondaryButtonClass} disabled={!data || dumping || !kept.online || !canTranslate} onClick={() => void exportUnits()}>
          {m.article_dump()}
        </button>
      </div>
      <SaveBar
        scope="article_unit"
        dst={lang}
        pending={pendingRows ?? []}
        access={access}
        canReload={lang !== 'master'}
        online={kept.online}
        loading={kept.loading}
        problem={kept.problem}
        onReload={() => void kept.reload()}
      />
      {kept.doc === undefined ? <Spinner label={m.translation_loading()} /> : null}
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
      {data ? (
        <div className={css({ display: 'grid', gap: '3' })}>
          {data.units.map((unit) => (
            <UnitView key={unit.tid} unit={unit} context={{ data, lang, pending, articleId: id }} />
          ))}
        </div>
      ) : null}
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

function textKeysOf(unit: ArticleUnit): string[] {
  return [...unit.text.slice(0, 1), ...(unit.props.options ?? []), ...unit.children.flatMap(textKeysOf)]
}

function tidsOf(unit: ArticleUnit): string[] {
  return [unit.tid, ...unit.children.flatMap(tidsOf)]
}

function Field({ textKey, unit, context, label }: { textKey: string; unit: ArticleUnit; context: Context; label: string }) {
  const { data, lang, pending, articleId } = context
  return (
    <TextField
      scope="article_unit"
      dst={lang}
      textKey={textKey}
      source={data.languages.master?.[1][textKey] ?? ''}
      target={translationOf(textKey, data.languages[lang]?.[1] ?? {})}
      stamp={data.stamps[lang]?.[textKey] ?? null}
      unit={{ articleId, tid: unit.tid }}
      pending={pending.get(textKey)}
      label={label}
    />
  )
}

const GROUP_LABEL = {
  row: () => m.unit_group_row(),
  multirow: () => m.unit_group_multirow(),
  frame: () => m.unit_group_frame(),
  accordion: () => m.unit_group_accordion(),
}
const ITEM_LABEL = {
  text: () => m.unit_item_text(),
  editbox: () => m.unit_item_editbox(),
  checkbox: () => m.unit_item_checkbox(),
  combobox: () => m.unit_item_combobox(),
  sum: () => m.unit_item_sum(),
  messagebox: () => m.unit_item_messagebox(),
  tooltip: () => m.unit_item_tooltip(),
  logic: () => m.unit_item_logic(),
}

function UnitView({ unit, context }: { unit: ArticleUnit; context: Context }) {
  const key = unit.text[0]
  if (unit.group) {
    const label = GROUP_LABEL[unit.group]()
    const own = key ? (
      <Field textKey={key} unit={unit} context={context} label={label} />
    ) : (
      <span className={css({ fontSize: 'xs', color: 'fg.muted', textTransform: 'uppercase' })}>{label}</span>
    )
    const children = unit.children.map((child) => <UnitView key={child.tid} unit={child} context={context} />)
    const layout =
      unit.group === 'row'
        ? css({ display: 'flex', flexWrap: 'wrap', gap: '3', '& > *': { flex: '1 1 16rem', minW: '0' } })
        : unit.group === 'multirow'
          ? css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' } })
          : css({ display: 'grid', gap: '3' })
    if (unit.group === 'accordion') {
      return (
        <details open data-unit={unit.tid} className={cardClass}>
          <summary className={css({ cursor: 'pointer', fontWeight: 'semibold' })}>
            {label}
            {key ? `: ${context.data.languages.master?.[1][key] ?? key}` : ''}
          </summary>
          <div className={css({ display: 'grid', gap: '3', mt: '3' })}>
            {own}
            <div className={layout}>{children}</div>
          </div>
        </details>
      )
    }
    return (
      <section
        data-unit={unit.tid}
        aria-label={label}
        className={
          unit.group === 'frame'
            ? css({ border: '2px solid', borderColor: 'border', borderRadius: 'card', p: '3', display: 'grid', gap: '3' })
            : css({ display: 'grid', gap: '3' })
        }
      >
        {own}
        <div className={layout}>{children}</div>
      </section>
    )
  }
  const item = unit.item ?? 'text'
  const label = ITEM_LABEL[item]()
  const props = unit.props
  return (
    <div
      data-unit={unit.tid}
      className={css({
        display: 'grid',
        gap: '2',
        p: '3',
        border: '1px solid',
        borderColor: 'border',
        borderRadius: 'card',
        bg: item === 'messagebox' ? 'warning.100' : 'bg',
        minW: '0',
      })}
    >
      {key ? (
        <Field textKey={key} unit={unit} context={context} label={label} />
      ) : (
        <span className={css({ fontSize: 'xs', color: 'fg.muted', textTransform: 'uppercase' })}>{label}</span>
      )}
      {props.val !== undefined ? (
        <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{m.article_value({ value: `${props.val}${props.unit ? ` ${props.unit}` : ''}` })}</span>
      ) : null}
      {props.min !== undefined && props.max !== undefined ? (
        <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{m.article_range({ min: props.min, max: props.max })}</span>
      ) : null}
      {props.command ? (
        <span className={css({ fontSize: 'sm' })}>
          {m.article_command()}: <code className={css({ fontFamily: 'mono', overflowWrap: 'anywhere' })}>{props.command}</code>
        </span>
      ) : null}
      {(props.options ?? []).length > 0 ? (
        <div className={css({ display: 'grid', gap: '2', pl: '4', borderLeft: '3px solid', borderColor: 'oak.100' })}>
          {(props.options ?? []).map((option) => (
            <Field key={option} textKey={option} unit={unit} context={context} label={m.article_option()} />
          ))}
        </div>
      ) : null}
    </div>
  )
}
