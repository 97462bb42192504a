import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'

// A text with its white space made visible, as CAT tools show it: · a space, → a tab, ↵ a line
// break, ° a no-break space (decision 045). The characters themselves stay in the text, so it
// wraps, copies and reads out as written: each mark is generated content with an empty
// alternative text (`content: "·" / ""`), which screen readers do not announce.

const textClass = css({ whiteSpace: 'break-spaces', overflowWrap: 'anywhere' })
// A mark over its character, which keeps its width.
const marks = {
  space: css({ position: 'relative', _before: { content: '"·" / ""', position: 'absolute', insetInline: '0', textAlign: 'center', color: 'fg.muted' } }),
  'no-break-space': css({
    position: 'relative',
    _before: { content: '"°" / ""', position: 'absolute', insetInline: '0', textAlign: 'center', color: 'fg.muted' },
  }),
  // Before the tab, not over it: a tab may be narrower than its arrow (its next stop is near).
  tab: css({ _before: { content: '"→" / ""', color: 'fg.muted' } }),
}
const lineBreakClass = css({ _before: { content: '"↵" / ""', color: 'fg.muted' } })

const WHITE_SPACE = /(\r\n|\r|\n|\t| |\u00a0|\u202f)/

/** `text` with each space, tab, no-break space and line break marked (data-ws says which). */
export function VisibleWhiteSpace({ text }: { text: string }) {
  const pieces = text.split(WHITE_SPACE)
  return (
    <span className={textClass} data-visible-white-space="">
      {pieces.map((piece, index) => {
        if (index % 2 === 0) return piece
        if (piece === '\t' || piece === ' ' || piece === '\u00a0' || piece === '\u202f') {
          const kind = piece === '\t' ? 'tab' : piece === ' ' ? 'space' : 'no-break-space'
          return (
            <span key={index} data-ws={kind} className={marks[kind]}>
              {piece}
            </span>
          )
        }
        return (
          <span key={index} data-ws="line-break" className={lineBreakClass}>
            {piece}
          </span>
        )
      })}
    </span>
  )
}

// Label and text side by side, a text of several lines aligned after its label.
const compareClass = css({ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: '2', rowGap: '0.5', fontSize: 'sm', m: '0' })
const rowClass = css({ display: 'contents' })
const labelClass = css({ color: 'fg.muted', fontWeight: 'semibold' })
const shownClass = css({ m: '0', minW: '0' })

/** The source and the translation with their white space visible, one above the other (a white-space issue's evidence). */
export function WhiteSpaceCompare({ source, value }: { source: string; value: string }) {
  const rows: Array<[string, string]> = [
    [m.translation_white_space_source(), source],
    [m.translation_white_space_translation(), value],
  ]
  return (
    <dl data-testid="white-space-compare" className={compareClass}>
      {rows.map(([label, text]) => (
        <div key={label} className={rowClass}>
          <dt className={labelClass}>{label}</dt>
          <dd className={shownClass}>
            <VisibleWhiteSpace text={text} />
          </dd>
        </div>
      ))}
    </dl>
  )
}
