import { useEffect, useRef, useState } from 'react'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { downloadFile } from '../../ui/csv-download'
import { Notice, buttonClass, secondaryButtonClass } from '../../ui/page'
import { recoveryCodesFileName, recoveryCodesText } from './second-factor-text'

// The recovery codes of a second factor just turned on (decision 054): shown this once, with
// copy and download, until the user says they are stored. Where the clipboard is refused, the
// list is selected for copying by hand.
const codesClass = css({
  display: 'grid',
  gridTemplateColumns: { base: 'repeat(1, max-content)', sm: 'repeat(2, max-content)' },
  columnGap: '8',
  rowGap: '1',
  fontFamily: 'mono',
  fontSize: 'md',
  listStyle: 'none',
  p: '3',
  bg: 'bg.subtle',
  borderRadius: 'control',
  justifyContent: 'start',
})

type Props = { codes: ReadonlyArray<string>; username: string; site: string; onDone: () => void }

export function RecoveryCodes({ codes, username, site, onDone }: Props) {
  const heading = useRef<HTMLHeadingElement>(null)
  const list = useRef<HTMLOListElement>(null)
  const [copied, setCopied] = useState(false)
  // The codes replace the form the focus was in: it moves to their heading, read out first.
  useEffect(() => heading.current?.focus(), [])
  const text = () => recoveryCodesText(codes, username, site)
  async function copy() {
    try {
      await navigator.clipboard.writeText(text())
      setCopied(true)
    } catch {
      const selection = window.getSelection()
      if (selection && list.current) selection.selectAllChildren(list.current)
    }
  }
  return (
    <div className={css({ display: 'grid', gap: '3' })}>
      <h3 ref={heading} tabIndex={-1} className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>
        {m.security_codes_heading()}
      </h3>
      <Notice tone="warning" role="alert">
        {m.security_codes_note()}
      </Notice>
      <ol ref={list} aria-label={m.security_codes_heading()} className={codesClass}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
        <button type="button" className={secondaryButtonClass} onClick={() => void copy()}>
          {m.security_codes_copy()}
        </button>
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => downloadFile(recoveryCodesFileName(site, new Date().toISOString().slice(0, 10)), text(), 'text/plain;charset=utf-8')}
        >
          {m.security_codes_download()}
        </button>
        <span role="status" className={css({ fontSize: 'sm' })}>
          {copied ? m.security_codes_copied() : ''}
        </span>
      </div>
      <div>
        <button type="button" className={buttonClass} onClick={onDone}>
          {m.security_codes_done()}
        </button>
      </div>
    </div>
  )
}
