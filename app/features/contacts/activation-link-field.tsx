import { useId, useRef, useState } from 'react'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { input } from '../../../styled-system/recipes'
import { secondaryButtonClass } from '../../ui/page'

// An activation link to hand on: a read-only field (selected on focus, so it can always be
// copied by hand) and a copy button. Where the clipboard is refused (no permission, an
// insecure origin) the field is selected and the user is told to copy it themselves.
type Copied = 'idle' | 'copied' | 'by-hand'

export function ActivationLinkField({ link, hint }: { link: string; hint?: string }) {
  const id = useId()
  const field = useRef<HTMLInputElement>(null)
  const [copied, setCopied] = useState<Copied>('idle')
  async function copy() {
    try {
      await navigator.clipboard.writeText(link)
      setCopied('copied')
    } catch {
      field.current?.focus()
      field.current?.select()
      setCopied('by-hand')
    }
  }
  return (
    <div className={css({ display: 'grid', gap: '1', minW: '0' })}>
      <label htmlFor={id} className={css({ fontWeight: 'semibold' })}>
        {m.contacts_ui_act_link_label()}
      </label>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center', minW: '0' })}>
        <input
          ref={field}
          id={id}
          type="text"
          readOnly
          value={link}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onFocus={(event) => event.currentTarget.select()}
          className={`${input()} ${css({ flex: '1 1 16rem', minW: '0', fontFamily: 'mono', fontSize: 'sm' })}`}
        />
        <button type="button" className={secondaryButtonClass} onClick={() => void copy()}>
          {m.contacts_ui_act_link_copy()}
        </button>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className={css({ color: 'fg.muted', fontSize: 'sm' })}>
          {hint}
        </p>
      ) : null}
      <p role="status" className={css({ fontSize: 'sm', _empty: { display: 'none' } })}>
        {copied === 'copied' ? m.contacts_ui_act_link_copied() : copied === 'by-hand' ? m.contacts_ui_act_link_copy_by_hand() : ''}
      </p>
    </div>
  )
}
