import { useRef, useState } from 'react'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { once } from '../../ui/lazy-part'
import { showErrorToast } from '../../ui/toast'
import { linkButtonClass } from './link-button'
// Types only (erased): the export, the upload and their words load on the first click.
import type { TmxStep } from './tmx-ui'

const loadTmx = once(() => import('./tmx-ui'))
type TmxUi = Awaited<ReturnType<typeof loadTmx>>

/**
 * "Export TMX" and "Import TMX" beside the XLIFF actions (docs/decisions/049): every translation
 * of the pair as a TMX file, and a TMX file of a translation tool into the team's shared memory,
 * with the upload's progress and the import's counts.
 */
export function TmxActions({ src, dst }: { src: string; dst: string }) {
  const [ui, setUi] = useState<TmxUi | null>(null)
  const [step, setStep] = useState<TmxStep>({ kind: 'idle' })
  const fileInput = useRef<HTMLInputElement>(null)
  const busy = step.kind === 'exporting' || step.kind === 'sending'

  async function withUi(run: (loaded: TmxUi) => Promise<unknown>) {
    try {
      const loaded = await loadTmx()
      setUi(loaded)
      await run(loaded)
    } catch (error) {
      // Offline before the part was ever loaded (the service worker precaches it otherwise).
      setStep({ kind: 'idle' })
      showErrorToast([String(error)])
    }
  }

  return (
    <>
      <span aria-hidden className={css({ color: 'fg.muted' })}>
        ·
      </span>
      <span className={css({ display: 'inline-flex', flexWrap: 'wrap', columnGap: '2', rowGap: '1' })}>
        <button type="button" className={linkButtonClass} disabled={busy} onClick={() => void withUi((loaded) => loaded.exportTmx(src, dst, setStep))}>
          {m.tmx_export()}
        </button>
        <button type="button" className={linkButtonClass} disabled={busy} onClick={() => fileInput.current?.click()}>
          {m.tmx_import()}
        </button>
      </span>
      <input
        ref={fileInput}
        type="file"
        accept=".tmx,application/x-tmx+xml,application/xml,text/xml"
        hidden
        data-testid="tmx-file"
        onChange={(event) => {
          const chosen = event.target.files?.[0]
          event.target.value = ''
          if (chosen) void withUi((loaded) => loaded.importTmx(chosen, src, dst, setStep))
        }}
      />
      <div role="status" data-testid="tmx-result" className={css({ flexBasis: 'full', _empty: { display: 'none' } })}>
        {ui ? <ui.TmxStatus step={step} /> : null}
      </div>
    </>
  )
}
