import { m } from '../../../src/paraglide/messages'
import type { MemoryOrigin } from '../../../src/domain/translation-memory'
import { css, cx } from '../../../styled-system/css'
import { Spinner } from '../../ui/spinner'
import { useEffect } from 'react'
import { useMemoryMatches, useMemoryStatus } from './memory-client'
import type { DiffPart, MemoryQuery, ShownMatch } from './memory-protocol'
import { InlineText } from './inline-text'
import { comboLabel } from './desk-keys'
import { useMacKeys } from './key-hint'

// The translation memory's matches beside an editor (docs/decisions/040-translation-memory.md): up
// to five texts of the device whose source is at least 70 % alike, with the score, where each comes
// from and how its source differs from this one. A click or Ctrl+1…5 takes one into the
// translation.

export function originLabel(origin: MemoryOrigin): string {
  // A unit of the shared memory: the TMX file it was imported from (docs/decisions/049).
  if (origin.kind === 'shared') return m.memory_from_file({ file: origin.file ?? '' })
  const where =
    origin.kind === 'vartext'
      ? m.memory_from_vartext({ key: origin.key })
      : origin.kind === 'system'
        ? m.memory_from_system({ key: origin.key })
        : origin.kind === 'catalogue'
          ? m.memory_from_catalogue({ key: origin.key })
          : m.memory_from_article_unit({ key: origin.key })
  return origin.edit ? `${where} · ${m.memory_from_edit()}` : where
}

/**
 * `keysOnly`: the matches are taken with Ctrl+1…5 or the pointer, not reached with Tab (the
 * catalogue and article fields, where Tab goes from one text to the next).
 */
export function MemoryPanel({
  owner,
  matches,
  onTake,
  keysOnly = false,
}: {
  owner: string | null
  matches: ShownMatch[] | null
  onTake: (target: string) => void
  keysOnly?: boolean
}) {
  const status = useMemoryStatus(owner)
  const mac = useMacKeys()
  return (
    <section aria-label={m.memory_title()} data-testid="memory-panel" className={css({ display: 'grid', gap: '1.5' })}>
      {/* On a phone the status goes under the title rather than into a narrow column beside it. */}
      <h3 className={css({ fontSize: 'sm', fontWeight: 'semibold', display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
        {m.memory_title()}
        {status.building ? <Spinner label={m.memory_building()} /> : null}
      </h3>
      {matches === null ? null : matches.length === 0 ? (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{status.building ? m.memory_building() : m.memory_none()}</p>
      ) : (
        <ol className={css({ display: 'grid', gap: '1.5', listStyle: 'none', p: '0', m: '0' })}>
          {matches.map((match, index) => (
            <li key={`${match.source}\u0000${match.target}`}>
              <button
                type="button"
                className={matchClass}
                onClick={() => onTake(match.target)}
                tabIndex={keysOnly ? -1 : undefined}
                aria-keyshortcuts={`Control+${index + 1}`}
                aria-label={m.memory_take({ n: index + 1, score: match.score, target: match.target })}
              >
                <span className={css({ display: 'flex', gap: '2', alignItems: 'baseline', flexWrap: 'wrap' })}>
                  <kbd className={kbdClass}>{comboLabel({ ctrl: true, key: String(index + 1) }, mac)}</kbd>
                  <span className={cx(scoreClass, match.score === 100 ? css({ bg: 'success.50', color: 'success.600' }) : undefined)}>
                    {m.memory_score({ score: match.score })}
                  </span>
                  <span className={css({ overflowWrap: 'anywhere', fontWeight: 'medium' })}>
                    <InlineText text={match.target} />
                  </span>
                </span>
                <span className={css({ fontSize: 'xs', color: 'fg.muted', overflowWrap: 'anywhere' })}>
                  {originLabel(match.origin)}
                  {match.count > 1 ? ` · ${m.memory_used_count({ count: match.count })}` : ''}
                </span>
                {match.score < 100 ? <SourceDiff parts={match.diff} /> : null}
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

/** The match's source with what this text has not struck through, and what only this text has underlined. */
function SourceDiff({ parts }: { parts: DiffPart[] }) {
  return (
    <span className={css({ fontSize: 'xs', color: 'fg.muted', overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' })}>
      <span className={css({ srOnly: true })}>{m.memory_source_diff()} </span>
      {parts.map(([kind, text], index) =>
        kind === 'same' ? (
          <span key={index}>{text}</span>
        ) : kind === 'removed' ? (
          <del key={index} title={m.memory_diff_removed()} className={css({ color: 'danger.700', bg: 'danger.50', px: '0.5' })}>
            {text}
          </del>
        ) : (
          <ins key={index} title={m.memory_diff_added()} className={css({ color: 'success.600', bg: 'success.50', textDecoration: 'underline', px: '0.5' })}>
            {text}
          </ins>
        ),
      )}
    </span>
  )
}

const matchClass = css({
  display: 'grid',
  gap: '0.5',
  w: 'full',
  textAlign: 'left',
  p: '2',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'control',
  bg: 'bg.subtle',
  cursor: 'pointer',
  font: 'inherit',
  color: 'inherit',
  _hover: { borderColor: 'accent' },
  _focusVisible: { outline: '2px solid token(colors.focus)', outlineOffset: '1px' },
})

const kbdClass = css({ fontFamily: 'mono', fontSize: 'xs', px: '1', border: '1px solid', borderColor: 'border', borderRadius: 'control', bg: 'bg' })

const scoreClass = css({ fontSize: 'xs', fontWeight: 'semibold', px: '1.5', borderRadius: 'full', bg: 'oak.100' })

/**
 * The matches of a catalogue or article field, looked up here so that the memory's client comes
 * with this part and not with the screen's first load (decision 035's budget); the field gets
 * them through `onMatches` for Ctrl+1…5, and null again when the panel goes.
 */
export function FieldMemory({
  query,
  onMatches,
  ...panel
}: Omit<Parameters<typeof MemoryPanel>[0], 'matches'> & { query: MemoryQuery; onMatches: (matches: ShownMatch[] | null) => void }) {
  const matches = useMemoryMatches(panel.owner, query)
  useEffect(() => onMatches(matches), [matches, onMatches])
  useEffect(() => () => onMatches(null), [onMatches])
  return <MemoryPanel {...panel} matches={matches} />
}
