import { m } from '../../../src/paraglide/messages'
import { css, cx } from '../../../styled-system/css'
import { EntryEditor } from './entry-editor'
import type { Scope } from './local-keys'
import { loadStore } from './store'
import { currentOwner } from './pending-owner'
import type { EntryStatus, TextRow } from './texts-rows'
import { InlineText } from './inline-text'
import { ClaimBadge } from './claim-badge'
import { ReviewMarks } from './review-desk'
import { ReviewPanel } from './review-lazy'

// One entry of the workspace list: key, status, source and translation; open, the editor.

export function TextRowItem({
  row,
  isOpen,
  scope,
  src,
  dst,
  sourceName,
  targetName,
  onToggle,
  onMove,
  onClose,
  compact = false,
}: {
  row: TextRow
  isOpen: boolean
  scope: Scope
  src: string
  dst: string
  sourceName: string
  targetName: string
  onToggle: () => void
  onMove: (direction: 1 | -1) => void
  onClose: () => void
  /** A line with source and translation side by side while closed. */
  compact?: boolean
}) {
  if (compact && !isOpen) return <CompactRow row={row} onToggle={onToggle} />
  return (
    <div className={cx(rowClass, isOpen ? css({ borderColor: 'accent', boxShadow: '0 0 0 2px token(colors.focus)' }) : undefined)}>
      <button type="button" className={rowButtonClass} aria-expanded={isOpen} onClick={onToggle}>
        <span className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
          <StatusBadge status={row.status} />
          <ReviewMarks review={row.review} />
          {row.pending?.fromMemory ? (
            <span
              className={css({
                fontSize: 'xs',
                fontWeight: 'semibold',
                px: '2',
                py: '0.5',
                borderRadius: 'full',
                bg: 'oak.100',
                color: 'oak.700',
                border: '1px dashed',
                borderColor: 'brass.600',
              })}
            >
              {m.memory_from_memory()}
            </span>
          ) : null}
          <span className={css({ fontSize: 'xs', color: 'fg.muted', fontFamily: 'mono', overflowWrap: 'anywhere' })}>{row.entry.key}</span>
          <ClaimBadge textKey={row.entry.key} />
        </span>
        {isOpen ? null : (
          <>
            <span className={css({ overflowWrap: 'anywhere' })}>
              <InlineText text={row.entry.source} />
            </span>
            <span
              className={css({ overflowWrap: 'anywhere', color: row.value === null ? 'fg.muted' : 'fg', fontStyle: row.value === null ? 'italic' : 'normal' })}
            >
              {row.value === null ? m.translation_untranslated_placeholder() : <InlineText text={row.value} />}
            </span>
          </>
        )}
        {row.entry.desc ? <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{row.entry.desc}</span> : null}
        {row.pending?.reason ? <span className={css({ fontSize: 'sm', color: 'danger.700' })}>{row.pending.reason}</span> : null}
      </button>
      {isOpen ? (
        <EntryEditor
          entry={row.entry}
          pending={row.pending}
          sourceName={sourceName}
          targetName={targetName}
          keptAs={() => {
            const { key, target, stamp, source } = row.entry
            return { owner: currentOwner(), scope, dst, entry: { key, target, stamp, source } }
          }}
          onPrev={() => onMove(-1)}
          onNext={() => onMove(1)}
          onDoneNext={() => onMove(1)}
          onClose={onClose}
          memory={{ owner: currentOwner(), src, dst, kind: scope }}
          onConfirm={() => loadStore().then((store) => store.confirmEdit(store.translationDb(), currentOwner(), scope, dst, row.entry))}
          onResolve={(choice) => {
            const pending = row.pending
            if (pending) void loadStore().then((store) => store.resolveConflict(store.translationDb(), pending, choice))
          }}
        />
      ) : null}
      {isOpen ? <ReviewPanel row={row} onMove={onMove} /> : null}
    </div>
  )
}

/** The compact view's closed row: a status mark, the source and the translation side by side. */
function CompactRow({ row, onToggle }: { row: TextRow; onToggle: () => void }) {
  return (
    <button type="button" aria-expanded={false} onClick={onToggle} title={row.entry.key} className={compactRowClass}>
      <span className={cx(compactMarkClass, markTone[row.status])} aria-hidden />
      <span className={css({ srOnly: true })}>
        {statusLabel(row.status)}, {row.entry.key}:{' '}
      </span>
      <span className={compactCellClass}>
        <InlineText text={row.entry.source} />
      </span>
      <span className={cx(compactCellClass, row.value === null ? css({ color: 'fg.muted', fontStyle: 'italic' }) : undefined)}>
        {row.value === null ? m.translation_untranslated_placeholder() : <InlineText text={row.value} />}
        {row.pending?.fromMemory ? <span className={css({ fontSize: 'xs', color: 'oak.700', ml: '2' })}>({m.memory_from_memory()})</span> : null}
        <span className={css({ display: 'inline-flex', gap: '1', ml: '2', verticalAlign: 'middle' })}>
          <ReviewMarks review={row.review} compact />
        </span>
        <ClaimBadge textKey={row.entry.key} compact />
      </span>
    </button>
  )
}

const compactRowClass = css({
  display: 'grid',
  gridTemplateColumns: { base: '6px 1fr', md: '6px 1fr 1fr' },
  columnGap: '3',
  rowGap: '0.5',
  alignItems: 'start',
  w: 'full',
  textAlign: 'left',
  px: '3',
  py: '1.5',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'control',
  bg: 'bg',
  cursor: 'pointer',
  font: 'inherit',
  fontSize: 'sm',
  lineHeight: '1.4',
  color: 'inherit',
  _hover: { borderColor: 'accent' },
  _focusVisible: { outline: '2px solid token(colors.focus)', outlineOffset: '1px' },
})
// On a phone the translation goes under the source (the mark's column stays).
const compactCellClass = css({ overflowWrap: 'anywhere', minW: '0', gridColumn: { base: '2', md: 'auto' } })
const compactMarkClass = css({ alignSelf: 'stretch', borderRadius: 'full', gridRow: { base: 'span 2', md: 'auto' } })
const markTone = {
  translated: css({ bg: 'success.600' }),
  untranslated: css({ bg: 'border' }),
  outdated: css({ bg: 'brass.400' }),
  unsaved: css({ bg: 'warning.400' }),
  conflict: css({ bg: 'danger.700' }),
}

const rowClass = css({ p: '3', border: '1px solid', borderColor: 'border', borderRadius: 'card', bg: 'bg' })
const rowButtonClass = css({
  display: 'grid',
  gap: '1',
  w: 'full',
  textAlign: 'left',
  bg: 'transparent',
  border: 'none',
  p: '0',
  cursor: 'pointer',
  font: 'inherit',
  color: 'inherit',
})

const badgeTone = {
  translated: css({ bg: 'success.50', color: 'success.600' }),
  untranslated: css({ bg: 'oak.100', color: 'fg' }),
  outdated: css({ bg: 'warning.100', color: 'warning.700', border: '1px dashed', borderColor: 'warning.700' }),
  unsaved: css({ bg: 'warning.100', color: 'warning.700' }),
  conflict: css({ bg: 'danger.50', color: 'danger.700' }),
}

function statusLabel(status: EntryStatus): string {
  return status === 'translated'
    ? m.translation_status_translated()
    : status === 'untranslated'
      ? m.translation_status_untranslated()
      : status === 'outdated'
        ? m.translation_status_outdated()
        : status === 'unsaved'
          ? m.translation_status_unsaved()
          : m.translation_status_conflict()
}

function StatusBadge({ status }: { status: EntryStatus }) {
  const label = statusLabel(status)
  return <span className={cx(css({ fontSize: 'xs', fontWeight: 'semibold', px: '2', py: '0.5', borderRadius: 'full' }), badgeTone[status])}>{label}</span>
}
