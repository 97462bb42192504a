import { useState, type FormEvent } from 'react'
import { z } from 'zod'
import { vartextXmlEndpoint, type ImportData } from '../../../src/contract/translation'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { Notice, buttonClass, cardClass, subheadingClass } from '../../ui/page'
import { FileField } from '../../ui/file-field'
import { ProgressBar } from '../../ui/progress-bar'
import { showErrorToast, showToast } from '../../ui/toast'
import { uploadWithProgress } from '../../ui/upload-request'
import { readUpload } from './upload-answer'

// The XML variable-text upload (the endpoint is the translation area's): all or nothing; a
// refused file lists its problems with their line numbers.
type Step = { kind: 'idle' } | { kind: 'sending'; progress: number } | { kind: 'done'; data: ImportData } | { kind: 'refused'; messages: ReadonlyArray<string> }

export function VartextUploadSection({ allowed }: { allowed: boolean }) {
  const [file, setFile] = useState<File | null>(null)
  const [step, setStep] = useState<Step>({ kind: 'idle' })

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!file) return
    const form = new FormData()
    form.set('file', file)
    setStep({ kind: 'sending', progress: 0 })
    try {
      const answer = await uploadWithProgress('/upload/vartext', form, (progress) => setStep({ kind: 'sending', progress }))
      const read = readUpload(answer, vartextXmlEndpoint.data, z.unknown())
      if (read.ok) {
        setStep({ kind: 'done', data: read.data })
        showToast({ title: () => m.vartext_upload_done(), type: 'success' })
      } else setStep({ kind: 'refused', messages: read.messages })
    } catch {
      setStep({ kind: 'refused', messages: [m.upload_network()] })
      showErrorToast([m.upload_network()])
    }
  }

  return (
    <section className={cardClass} aria-labelledby="vartext-upload-heading">
      <h2 id="vartext-upload-heading" className={subheadingClass}>{m.vartext_upload_title()}</h2>
      <p>{m.vartext_upload_intro()}</p>
      {!allowed ? <Notice tone="warning">{m.vartext_upload_not_allowed()}</Notice> : null}
      <form onSubmit={submit} className={css({ display: 'grid', gap: '3' })}>
        <FileField label={m.vartext_upload_file()} accept=".xml,application/xml,text/xml" file={file} disabled={!allowed || step.kind === 'sending'}
          onChoose={(chosen) => {
            setFile(chosen)
            setStep({ kind: 'idle' })
          }} />
        <div>
          <button type="submit" className={buttonClass} disabled={!allowed || !file || step.kind === 'sending'}>{m.vartext_upload_submit()}</button>
        </div>
      </form>
      {step.kind === 'sending' ? <ProgressBar label={step.progress < 1 ? m.upload_sending() : m.vartext_upload_importing()} value={step.progress < 1 ? step.progress : null} /> : null}
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
          <ul className={css({ listStyle: 'disc', pl: '5' })}>{step.messages.map((text, index) => <li key={index}>{text}</li>)}</ul>
        </Notice>
      ) : null}
    </section>
  )
}
