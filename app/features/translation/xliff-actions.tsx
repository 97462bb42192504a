import { useSearch } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import { LANGUAGE_CODE_PATTERN } from '../../../src/domain/language-code'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { once } from '../../ui/lazy-part'
import { showErrorToast } from '../../ui/toast'
import { linkButtonClass } from './link-button'
// Types only (erased): the dialog, the XLIFF code and saxes (≈ 13 KB gzip) load on the first click.
import type { ImportCounts, XliffSubject } from './xliff-parts'

export type { XliffSubject }

const loadXliff = once(() => import('./xliff-ui'))
type XliffUi = Awaited<ReturnType<typeof loadXliff>>

/** The source language of a workspace from the URL (?src=, 'master' by default as in workspace-search.ts). */
export function useSourceFromSearch(): string {
  const search: { src?: unknown } = useSearch({ strict: false })
  return typeof search.src === 'string' && LANGUAGE_CODE_PATTERN.test(search.src) ? search.src : 'master'
}

/** "Export XLIFF" (untranslated only, or all) and "Import XLIFF" for the texts a screen shows, with the last import's result. */
export function XliffActions({ subject, owner }: { subject: XliffSubject; owner: string | null }) {
  const [ui, setUi] = useState<XliffUi | null>(null)
  const [choosing, setChoosing] = useState(false)
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<ImportCounts | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)

  async function withUi(run: (loaded: XliffUi) => unknown) {
    setBusy(true)
    try {
      const loaded = await loadXliff()
      setUi(loaded)
      await run(loaded)
    } catch (error) {
      // Offline before the part was ever loaded (the service worker precaches it otherwise).
      showErrorToast([String(error)])
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      {/* The two wrap to the next line together. */}
      <span className={css({ display: 'inline-flex', flexWrap: 'wrap', columnGap: '2', rowGap: '1' })}>
        <button type="button" className={linkButtonClass} disabled={busy || owner === null} onClick={() => void withUi(() => setChoosing(true))}>
          {m.xliff_export()}
        </button>
        <button type="button" className={linkButtonClass} disabled={busy || owner === null} onClick={() => fileInput.current?.click()}>
          {m.xliff_import()}
        </button>
      </span>
      <input
        ref={fileInput}
        type="file"
        accept=".xlf,.xliff,.xml,application/xliff+xml,application/xml,text/xml"
        hidden
        data-testid="xliff-file"
        onChange={(event) => {
          const chosen = event.target.files?.[0]
          event.target.value = ''
          if (!chosen || owner === null) return
          setResult(null)
          void withUi(async (loaded) => setResult(await loaded.importChosen(subject, owner, chosen)))
        }}
      />
      <span role="status" data-testid="xliff-result" className={css({ flexBasis: 'full', _empty: { display: 'none' } })}>
        {ui && result ? ui.importResultText(result) : null}
      </span>
      {ui && owner !== null ? <ui.ExportDialog open={choosing} subject={subject} owner={owner} onClose={() => setChoosing(false)} /> : null}
    </>
  )
}
