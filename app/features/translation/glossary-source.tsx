import type { ReactNode } from 'react'
import { glossaryPlaces, glossaryTermsIn } from '../../../src/domain/glossary-match'
import { inlinePieces } from '../../../src/domain/inline-codes'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import type { SourceTerms } from './glossary-editor'
import type { GlossaryRow } from './glossary-keys'
import { codeClass } from './inline-text'

// The glossary's terms in a source text, loaded on first use by
// glossary-editor.tsx: where they stand (marked, each with its translation as the title), and
// the list "Glossary: term → translation (note)" under the source.

/** A stretch of the text to mark ([start, end) offsets), with what a pointer's title says about it. */
export type TextMark = { start: number; end: number; title: string }

/** The marks and the terms of `source` found in the glossary. */
export function sourceTerms(source: string, glossary: ReadonlyArray<GlossaryRow>): SourceTerms {
  const marks = glossaryPlaces(source, glossary).map((place) => ({
    start: place.start,
    end: place.end,
    title: m.glossary_mark_title({ term: place.entry.term, translation: place.entry.translation }),
  }))
  return { marks, found: glossaryTermsIn(source, glossary) }
}

/** InlineText's codes shown as tags, with the marks in its words (never inside a code). */
export function MarkedText({ text, marks }: { text: string; marks: ReadonlyArray<TextMark> }) {
  return (
    <>
      {piecesAt(text).map((piece, index) => {
        if (piece.code)
          return (
            <code key={index} className={codeClass}>
              {piece.text}
            </code>
          )
        const end = piece.start + piece.text.length
        const inside = marks.filter((mark) => mark.start >= piece.start && mark.end <= end)
        return inside.length === 0 ? piece.text : <MarkedWords key={index} text={piece.text} offset={piece.start} marks={inside} />
      })}
    </>
  )
}

/** The pieces of the text, each with its offset in it. */
function piecesAt(text: string): Array<{ code: boolean; text: string; start: number }> {
  let at = 0
  return inlinePieces(text).map((piece) => {
    const start = at
    at += piece.text.length
    return { ...piece, start }
  })
}

function MarkedWords({ text, offset, marks }: { text: string; offset: number; marks: ReadonlyArray<TextMark> }) {
  const parts: ReactNode[] = []
  let at = 0
  for (const mark of marks) {
    const start = mark.start - offset
    if (start < at) continue
    if (start > at) parts.push(text.slice(at, start))
    parts.push(
      <mark key={start} title={mark.title} className={markClass}>
        {text.slice(start, mark.end - offset)}
      </mark>,
    )
    at = mark.end - offset
  }
  if (at < text.length) parts.push(text.slice(at))
  return <>{parts}</>
}

export function GlossaryHintsList({ id, found }: { id: string; found: ReadonlyArray<GlossaryRow> }) {
  return (
    <div id={id} data-testid="glossary-hints" className={boxClass}>
      <span id={`${id}-label`} className={css({ fontWeight: 'semibold' })}>
        {m.glossary_hints_label()}:
      </span>
      <ul aria-labelledby={`${id}-label`} className={listClass}>
        {found.map((entry) => (
          <li key={entry.id} className={css({ overflowWrap: 'anywhere' })}>
            <span lang={entry.source === 'master' ? undefined : entry.source}>{entry.term}</span> → <span lang={entry.language}>{entry.translation}</span>
            {entry.note ? <span className={css({ color: 'fg.muted' })}> ({entry.note})</span> : null}
          </li>
        ))}
      </ul>
    </div>
  )
}

// A glossary term: a light ground and a dotted line under it, the colour of the text kept.
const markClass = css({
  bg: 'warning.100',
  color: 'inherit',
  textDecorationLine: 'underline',
  textDecorationStyle: 'dotted',
  textDecorationColor: 'brass.600',
  textDecorationThickness: '2px',
  textUnderlineOffset: '3px',
  borderRadius: '2px',
  cursor: 'help',
})
const boxClass = css({ display: 'flex', flexWrap: 'wrap', columnGap: '2', rowGap: '0.5', alignItems: 'baseline', fontSize: 'sm', color: 'fg' })
const listClass = css({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: '3',
  rowGap: '0.5',
  listStyle: 'none',
  p: '0',
  m: '0',
  '& > li:not(:last-child)::after': { content: '"·" / ""', ml: '3', color: 'fg.muted' },
})
