import { useEffect, useId, useState } from 'react'
import type { MemoryMatch } from '../../../src/domain/translation-memory'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { Modal } from '../../ui/modal'
import { buttonClass, secondaryButtonClass } from '../../ui/page'
import { Spinner } from '../../ui/spinner'
import { concordance } from './memory-client'
import { originLabel } from './memory-panel'

// The concordance search: how a word or phrase was translated elsewhere,
// found in every text of the device in the screen's pair of languages (the translation
// memory's worker holds them), offline too. Source and translation side by side.

type Hits = { needle: string; hits: Array<Omit<MemoryMatch, 'score'>>; total: number }

const SEARCH_DELAY_MS = 200

export function ConcordanceButton({
  owner,
  src,
  dst,
  sourceName,
  targetName,
}: {
  owner: string | null
  src: string
  dst: string
  sourceName: string
  targetName: string
}) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" className={secondaryButtonClass} onClick={() => setOpen(true)}>
        {m.concordance_open()}
      </button>
      {open ? (
        <Modal open title={m.concordance_title({ source: sourceName, target: targetName })} onClose={() => setOpen(false)}>
          <ConcordanceSearch owner={owner} src={src} dst={dst} />
          <button type="button" className={buttonClass} onClick={() => setOpen(false)}>
            {m.concordance_close()}
          </button>
        </Modal>
      ) : null}
    </>
  )
}

function ConcordanceSearch({ owner, src, dst }: { owner: string | null; src: string; dst: string }) {
  const inputId = useId()
  const [needle, setNeedle] = useState('')
  const [result, setResult] = useState<Hits | null>(null)
  const wanted = needle.trim()
  useEffect(() => {
    if (wanted === '') return
    let closed = false
    const timer = setTimeout(() => {
      void concordance(owner, { src, dst, needle: wanted }).then((found) => {
        if (!closed) setResult({ needle: wanted, ...found })
      })
    }, SEARCH_DELAY_MS)
    return () => {
      closed = true
      clearTimeout(timer)
    }
  }, [owner, src, dst, wanted])
  const shown = wanted !== '' && result?.needle === wanted ? result : null
  return (
    <div className={css({ display: 'grid', gap: '3', minW: '0' })}>
      <label htmlFor={inputId} className={css({ display: 'grid', gap: '1', fontSize: 'sm' })}>
        {m.concordance_search()}
        <input
          id={inputId}
          type="search"
          autoFocus
          value={needle}
          onChange={(event) => setNeedle(event.target.value)}
          className={css({ p: '2', border: '1px solid', borderColor: 'border', borderRadius: 'control', font: 'inherit' })}
        />
      </label>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{m.concordance_hint()}</p>
      <div role="status" data-testid="concordance-status" className={css({ fontSize: 'sm' })}>
        {wanted === '' ? null : shown === null ? (
          <Spinner label={m.concordance_searching()} />
        ) : shown.total === 0 ? (
          m.concordance_none()
        ) : shown.total > shown.hits.length ? (
          m.concordance_count_cut({ total: shown.total, shown: shown.hits.length })
        ) : (
          m.concordance_count({ total: shown.total })
        )}
      </div>
      {shown && shown.hits.length > 0 ? (
        <div className={css({ maxH: '55vh', overflowY: 'auto' })}>
          <table data-testid="concordance-hits" className={css({ w: 'full', borderCollapse: 'collapse', fontSize: 'sm', tableLayout: 'fixed' })}>
            <thead>
              <tr>
                <th className={headClass}>{m.concordance_source()}</th>
                <th className={headClass}>{m.concordance_target()}</th>
              </tr>
            </thead>
            <tbody>
              {shown.hits.map((hit) => (
                <tr key={`${hit.source}\u0000${hit.target}`}>
                  <td className={cellClass}>
                    <Marked text={hit.source} needle={shown.needle} />
                    <span className={css({ display: 'block', fontSize: 'xs', color: 'fg.muted' })}>{originLabel(hit.origin)}</span>
                  </td>
                  <td className={cellClass}>
                    <Marked text={hit.target} needle={shown.needle} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  )
}

/** The text with each place of `needle` (letter case aside) marked. */
function Marked({ text, needle }: { text: string; needle: string }) {
  const lower = text.toLocaleLowerCase()
  const wanted = needle.toLocaleLowerCase()
  const pieces: Array<{ hit: boolean; text: string }> = []
  let at = 0
  // Lower-casing keeps the length of the texts the trade writes (German, French, English …).
  for (let found = lower.indexOf(wanted); found !== -1 && lower.length === text.length; found = lower.indexOf(wanted, at)) {
    if (found > at) pieces.push({ hit: false, text: text.slice(at, found) })
    pieces.push({ hit: true, text: text.slice(found, found + wanted.length) })
    at = found + wanted.length
  }
  pieces.push({ hit: false, text: text.slice(at) })
  return (
    <span className={css({ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' })}>
      {pieces.map((piece, index) => (piece.hit ? <mark key={index}>{piece.text}</mark> : <span key={index}>{piece.text}</span>))}
    </span>
  )
}

const headClass = css({ textAlign: 'left', p: '2', borderBottom: '2px solid', borderColor: 'border', fontWeight: 'semibold' })
const cellClass = css({ p: '2', verticalAlign: 'top', borderBottom: '1px solid', borderColor: 'border' })
