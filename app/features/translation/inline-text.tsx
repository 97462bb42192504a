import { inlinePieces } from '../../../src/domain/inline-codes'
import { css } from '../../../styled-system/css'

// A text with its inline codes (tags such as <b>, placeholders such as {0}) shown as tags, as
// CAT tools show them, so the words read as words.
export function InlineText({ text }: { text: string }) {
  return (
    <>
      {inlinePieces(text).map((piece, index) =>
        piece.code ? (
          <code key={index} className={codeClass}>
            {piece.text}
          </code>
        ) : (
          piece.text
        ),
      )}
    </>
  )
}

/** An inline code shown as a tag (also in the glossary's marked source, glossary-source.tsx). */
export const codeClass = css({
  display: 'inline-block',
  fontFamily: 'mono',
  fontSize: '0.8em',
  lineHeight: '1.3',
  px: '1',
  mx: '0.5',
  borderRadius: 'control',
  bg: 'oak.100',
  color: 'oak.700',
  border: '1px solid',
  borderColor: 'border',
  whiteSpace: 'nowrap',
})
