import { useServerFn } from '@tanstack/react-start'
import { useEffect, useState } from 'react'
import type { MaterialToLine } from '../../../src/contract/lines'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { messagesOf } from '../../ui/call-result'
import { Page, buttonClass, cardClass, headingClass, linkClass } from '../../ui/page'
import { MaterialTable } from './material-table'
import { chooseLineFn } from './select-line.functions'
import { useLocale } from '../../ui/locale'
import { showErrorToast, showToast } from '../../ui/toast'

type Props = {
  companyId: number
  /** Another company's name when a dealer admin shops as it; null for the user's own. */
  companyName: string | null
  lines: ReadonlyArray<[number, string]>
  lastLine: [number, string] | null
  materials: ReadonlyArray<MaterialToLine>
  messages: ReadonlyArray<string>
}

export function SelectLineScreen({ companyId, companyName, lines, lastLine, materials, messages }: Props) {
  useLocale()
  const chooseLine = useServerFn(chooseLineFn)
  const [busy, setBusy] = useState<number | null>(null)
  const [problems, setProblems] = useState<ReadonlyArray<string>>(messages)

  // A failed material load is reported in a toast as well.
  useEffect(() => {
    if (messages.length > 0) showToast({ title: () => m.materials_load_error(), lines: messages, type: 'error' })
  }, [messages])

  async function choose(line: number) {
    setBusy(line)
    try {
      const result = await chooseLine({ data: { line, cid: companyId } })
      if (result.status) window.location.assign(result.data.shopUrl)
      else {
        setProblems(result.messages)
        showErrorToast(result.messages)
      }
    } catch (caught) {
      const messages = [...messagesOf(caught)]
      setProblems(messages)
      showErrorToast(messages)
    } finally {
      setBusy(null)
    }
  }

  return (
    <Page>
      <h1 className={headingClass}>{companyName ? m.shop_as_select_line_title({ company: companyName }) : m.select_line_title()}</h1>
      <section className={cardClass}>
        <p>{companyName ? m.shop_as_select_line_intro({ company: companyName }) : m.select_line_intro()}</p>
        {problems.length > 0 ? (
          <div role="alert" className={css({ color: 'danger.700' })}>
            <ul>
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
          {lines.map(([id, name]) => (
            <li key={id}>
              <button type="button" className={buttonClass} disabled={busy !== null} onClick={() => choose(id)}>
                {m.select_line_choose({ line: name })}
                {lastLine?.[0] === id ? ` (${m.select_line_current()})` : ''}
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section className={cardClass} aria-labelledby="materials-heading">
        <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: '2' })}>
          <h2 id="materials-heading" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
            {companyName ? m.shop_as_materials_heading({ company: companyName }) : m.materials_heading()}
          </h2>
          {/* The printable overview (decision 029): a page of its own, read with the session cookie. */}
          <a href={`/vue/material-overview/${companyId}/`} target="_blank" rel="noopener" className={linkClass}>
            {m.material_overview_open()}
          </a>
        </div>
        <MaterialTable materials={materials} />
      </section>
    </Page>
  )
}
