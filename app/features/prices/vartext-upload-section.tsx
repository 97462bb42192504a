import { useState } from 'react'
import { appConfig } from '../../../app.config'
import type { ImportData } from '../../../src/contract/translation'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { fileWords } from '../../ui/form/file-input'
import { useZodForm } from '../../ui/form/use-zod-form'
import { Notice, cardClass, subheadingClass } from '../../ui/page'
import { ProgressBar } from '../../ui/progress-bar'
import { showErrorToast, showToast } from '../../ui/toast'
import { uploadWithProgress } from '../../ui/upload-request'
import { FileInput } from '../../ui/form/file-input'

// The XML variable-text upload (the endpoint is the translation area's): all or nothing; a
// refused file lists its problems with their line numbers.
type Step = { kind: 'idle' } | { kind: 'sending'; progress: number } | { kind: 'done'; data: ImportData } | { kind: 'refused'; messages: ReadonlyArray<string> }

// The file rule and the answer's reading: vartext-upload-check.ts, loaded on first use.
const loadCheck = () => import('./vartext-upload-check')

export function VartextUploadSection({ allowed }: { allowed: boolean }) {
  const [step, setStep] = useState<Step>({ kind: 'idle' })
  const form = useZodForm({
    schema: () => loadCheck().then((check) => check.vartextUploadForm),
    defaultValues: { file: null },
    labels: { file: () => m.vartext_upload_file() },
    words: { file: fileWords(appConfig.limits.xmlImportBytes) },
    onSubmit: async ({ file }) => {
      const body = new FormData()
      body.set('file', file)
      setStep({ kind: 'sending', progress: 0 })
      try {
        const answer = await uploadWithProgress('/upload/vartext', body, (progress) => setStep({ kind: 'sending', progress }))
        const read = (await loadCheck()).readVartextUpload(answer)
        if (read.ok) {
          setStep({ kind: 'done', data: read.data })
          showToast({ title: () => m.vartext_upload_done(), type: 'success' })
        } else setStep({ kind: 'refused', messages: read.messages })
      } catch {
        setStep({ kind: 'refused', messages: [m.upload_network()] })
        showErrorToast([m.upload_network()])
      }
    },
  })

  return (
    <section className={cardClass} aria-labelledby="vartext-upload-heading">
      <h2 id="vartext-upload-heading" className={subheadingClass}>
        {m.vartext_upload_title()}
      </h2>
      <p>{m.vartext_upload_intro()}</p>
      {!allowed ? <Notice tone="warning">{m.vartext_upload_not_allowed()}</Notice> : null}
      <form.AppForm>
        <form.Frame className={css({ gap: '3' })}>
          <form.AppField name="file" listeners={{ onChange: () => setStep({ kind: 'idle' }) }}>
            {() => <FileInput label={m.vartext_upload_file()} accept=".xml,application/xml,text/xml" required disabled={!allowed || step.kind === 'sending'} />}
          </form.AppField>
          <form.SubmitButton busyLabel={m.vartext_upload_importing()} disabled={!allowed}>
            {m.vartext_upload_submit()}
          </form.SubmitButton>
        </form.Frame>
      </form.AppForm>
      {step.kind === 'sending' ? (
        <ProgressBar label={step.progress < 1 ? m.upload_sending() : m.vartext_upload_importing()} value={step.progress < 1 ? step.progress : null} />
      ) : null}
      {step.kind === 'done' ? (
        <p role="status">
          {m.vartext_upload_counts({
            texts: `${step.data.texts.new}/${step.data.texts.changed}/${step.data.texts.unchanged}`,
            translations: `${step.data.translations.new}/${step.data.translations.changed}/${step.data.translations.unchanged}`,
          })}
        </p>
      ) : null}
      {step.kind === 'refused' ? (
        <Notice tone="danger" role="alert">
          <p className={css({ fontWeight: 'semibold' })}>{m.vartext_upload_refused()}</p>
          <ul className={css({ listStyle: 'disc', pl: '5' })}>
            {step.messages.map((text, index) => (
              <li key={index}>{text}</li>
            ))}
          </ul>
        </Notice>
      ) : null}
    </section>
  )
}
