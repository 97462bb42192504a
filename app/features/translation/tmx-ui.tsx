import { z } from 'zod'
import { tmxImportCounts } from '../../../src/contract/tmx-import-counts'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { Notice } from '../../ui/page'
import { ProgressBar } from '../../ui/progress-bar'
import { showToast } from '../../ui/toast'
import { uploadWithProgress } from '../../ui/upload-request'
import { exportTmxFn } from './tmx.functions'

// The TMX actions' part that loads on the first click (tmx-actions.tsx keeps only the buttons in
// the screen's first load; docs/decisions/049): the export's download, the import's upload with
// its progress, and what both answered.

export type TmxStep =
  | { kind: 'idle' }
  | { kind: 'exporting' }
  | { kind: 'sending'; progress: number }
  | { kind: 'done'; counts: z.infer<typeof tmxImportCounts> }
  | { kind: 'refused'; messages: ReadonlyArray<string> }

const envelope = z.object({ status: z.boolean(), messages: z.array(z.string()), data: z.unknown().optional() })

/** Every translation of the pair as `<name>.tmx`, downloaded. */
export async function exportTmx(src: string, dst: string, setStep: (step: TmxStep) => void): Promise<void> {
  setStep({ kind: 'exporting' })
  try {
    const answer = await exportTmxFn({ data: { src, dst } })
    if (!answer.status) {
      setStep({ kind: 'refused', messages: [m.tmx_export_failed(), ...answer.messages] })
      return
    }
    const link = document.createElement('a')
    link.href = URL.createObjectURL(new Blob([answer.data.tmx], { type: 'application/x-tmx+xml' }))
    link.download = answer.data.file_name
    link.click()
    URL.revokeObjectURL(link.href)
    setStep({ kind: 'idle' })
    showToast({ title: () => m.tmx_exported({ count: answer.data.units }), type: 'success' })
  } catch {
    setStep({ kind: 'refused', messages: [m.tmx_export_failed(), m.tmx_offline()] })
  }
}

/** Uploads a TMX file into the shared memory; then the desk loads the pair's new units. */
export async function importTmx(file: File, src: string, dst: string, setStep: (step: TmxStep) => void): Promise<void> {
  const body = new FormData()
  body.set('file', file)
  setStep({ kind: 'sending', progress: 0 })
  try {
    const answer = await uploadWithProgress('/upload/tmx', body, (progress) => setStep({ kind: 'sending', progress }))
    const parsed = envelope.safeParse(answer.body)
    const counts = parsed.success && parsed.data.status ? tmxImportCounts.safeParse(parsed.data.data) : null
    if (counts?.success) {
      setStep({ kind: 'done', counts: counts.data })
      const sync = await import('./shared-memory-sync')
      await sync.syncSharedMemory(src, dst, { force: true })
    } else {
      const messages =
        parsed.success && parsed.data.messages.length > 0 ? parsed.data.messages : [m.upload_failed_status({ status: String(answer.httpStatus) })]
      setStep({ kind: 'refused', messages: [m.tmx_not_imported(), ...messages] })
    }
  } catch {
    setStep({ kind: 'refused', messages: [m.tmx_not_imported(), m.upload_network()] })
  }
}

export function TmxStatus({ step }: { step: TmxStep }) {
  if (step.kind === 'exporting') return <ProgressBar label={m.tmx_exporting()} value={null} />
  if (step.kind === 'sending')
    return <ProgressBar label={step.progress < 1 ? m.upload_sending() : m.tmx_importing()} value={step.progress < 1 ? step.progress : null} />
  if (step.kind === 'done') {
    const { origin, added, known, ignored } = step.counts
    return <p>{m.tmx_imported({ file: origin, added, known, ignored })}</p>
  }
  if (step.kind === 'refused')
    return (
      <Notice tone="danger">
        <p className={css({ fontWeight: 'semibold' })}>{step.messages[0]}</p>
        {step.messages.slice(1).map((text, index) => (
          <p key={index}>{text}</p>
        ))}
      </Notice>
    )
  return null
}
