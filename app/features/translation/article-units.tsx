import type { ArticleData, ArticleUnit } from '../../../src/contract/translation'
import { translationOf } from '../../../src/domain/translation'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { cardClass } from '../../ui/page'
import type { PendingRow } from './local-store'
import { TextField } from './text-field'

// An article's translatable units as the configurator shows them: groups (row, multirow,
// frame, accordion) holding items (text, editbox, checkbox, combobox, sum, message box,
// tooltip, logic command), each text translated in place.

export type UnitContext = { data: ArticleData; lang: string; pending: Map<string, PendingRow>; articleId: number }

export function textKeysOf(unit: ArticleUnit): string[] {
  return [...unit.text.slice(0, 1), ...(unit.props.options ?? []), ...unit.children.flatMap(textKeysOf)]
}

export function tidsOf(unit: ArticleUnit): string[] {
  return [unit.tid, ...unit.children.flatMap(tidsOf)]
}

function Field({ textKey, unit, context, label }: { textKey: string; unit: ArticleUnit; context: UnitContext; label: string }) {
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
      revisions={data.revisions}
      state={data.states[lang]?.[textKey]}
      comments={data.comments[lang]?.[textKey]}
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

export function UnitView({ unit, context }: { unit: ArticleUnit; context: UnitContext }) {
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
