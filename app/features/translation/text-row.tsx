import { m } from '../../../src/paraglide/messages'
import { css, cx } from '../../../styled-system/css'
import { EntryEditor } from './entry-editor'
import type { Scope } from './local-keys'
import { loadStore } from './store'
import { currentOwner } from './pending-owner'
import type { EntryStatus, TextRow } from './texts-rows'

// One entry of the workspace list: key, status, source and translation; open, the editor.

export function TextRowItem({
  row,
  isOpen,
  scope,
  dst,
  sourceName,
  targetName,
  onToggle,
  onMove,
  onClose,
}: {
  row: TextRow
  isOpen: boolean
  scope: Scope
  dst: string
  sourceName: string
  targetName: string
  onToggle: () => void
  onMove: (direction: 1 | -1) => void
  onClose: () => void
}) {
  return (
    <div className={cx(rowClass, isOpen ? css({ borderColor: 'accent', boxShadow: '0 0 0 2px token(colors.focus)' }) : undefined)}>
      <button type="button" className={rowButtonClass} aria-expanded={isOpen} onClick={onToggle}>
        <span className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
          <StatusBadge status={row.status} />
          <span className={css({ fontSize: 'xs', color: 'fg.muted', fontFamily: 'mono', overflowWrap: 'anywhere' })}>{row.entry.key}</span>
        </span>
        {isOpen ? null : (
          <>
            <span className={css({ overflowWrap: 'anywhere' })}>{row.entry.source}</span>
            <span
              className={css({ overflowWrap: 'anywhere', color: row.value === null ? 'fg.muted' : 'fg', fontStyle: row.value === null ? 'italic' : 'normal' })}
            >
              {row.value ?? m.translation_untranslated_placeholder()}
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
          onEdit={async (value) => {
            const start = performance.now()
            const store = await loadStore()
            await store.putEdit(store.translationDb(), currentOwner(), scope, dst, row.entry, value)
            performance.measure('t9n:persisted', { start })
          }}
          onPrev={() => onMove(-1)}
          onNext={() => onMove(1)}
          onDoneNext={() => onMove(1)}
          onClose={onClose}
          onResolve={(choice) => {
            const pending = row.pending
            if (pending) void loadStore().then((store) => store.resolveConflict(store.translationDb(), pending, choice))
          }}
        />
      ) : null}
    </div>
  )
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
  unsaved: css({ bg: 'warning.100', color: 'warning.700' }),
  conflict: css({ bg: 'danger.50', color: 'danger.700' }),
}

function StatusBadge({ status }: { status: EntryStatus }) {
  const label =
    status === 'translated'
      ? m.translation_status_translated()
      : status === 'untranslated'
        ? m.translation_status_untranslated()
        : status === 'unsaved'
          ? m.translation_status_unsaved()
          : m.translation_status_conflict()
  return <span className={cx(css({ fontSize: 'xs', fontWeight: 'semibold', px: '2', py: '0.5', borderRadius: 'full' }), badgeTone[status])}>{label}</span>
}
