import { Link } from '@tanstack/react-router'
import { useStore } from '@tanstack/react-form'
import { useRef, useState } from 'react'
import { appConfig } from '../../../app.config'
import type { PriceUploadData, PriceUploadProblems } from '../../../src/contract/price-upload'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { table } from '../../../styled-system/recipes'
import { formatAmount } from '../../ui/format'
import { Notice, buttonClass, cardClass, linkClass, subheadingClass } from '../../ui/page'
import { fileWords } from '../../ui/form/file-input'
import { useZodForm } from '../../ui/form/use-zod-form'
import { ProgressBar } from '../../ui/progress-bar'
import { showErrorToast, showToast } from '../../ui/toast'
import { uploadWithProgress } from '../../ui/upload-request'
import { FileInput } from '../../ui/form/file-input'

// CSV price upload: choosing a file runs the dry run (counts, first changed prices, every bad
// row with its line); only a clean dry run can be applied, in one transaction on the server.
type Step =
  | { kind: 'idle' }
  | { kind: 'sending'; dryRun: boolean; progress: number }
  | { kind: 'checked'; data: PriceUploadData }
  | { kind: 'refused'; messages: ReadonlyArray<string>; problems: PriceUploadProblems | null }
  | { kind: 'applied'; data: PriceUploadData }

// The file rule and the answer's reading: price-upload-check.ts, loaded on first use.
const loadCheck = () => import('./price-upload-check')

export function PriceUploadSection() {
  const [step, setStep] = useState<Step>({ kind: 'idle' })
  const applying = useRef(false)
  const form = useZodForm({
    schema: () => loadCheck().then((check) => check.priceUploadForm),
    defaultValues: { prices: null },
    labels: { prices: () => m.price_upload_file() },
    words: { prices: fileWords(appConfig.limits.priceUploadBytes) },
    onSubmit: ({ prices }) => send(prices, true),
  })
  const file = useStore(form.store, (state) => state.values.prices)

  async function send(chosen: File, dryRun: boolean) {
    setStep({ kind: 'sending', dryRun, progress: 0 })
    const body = new FormData()
    body.set('prices', chosen)
    try {
      // Always explicit: without dry_run the API applies the list (the spec's call).
      const answer = await uploadWithProgress(`/upload/prices?dry_run=${dryRun ? 1 : 0}`, body, (progress) => setStep({ kind: 'sending', dryRun, progress }))
      const read = (await loadCheck()).readPriceUpload(answer)
      if (!read.ok) {
        setStep({ kind: 'refused', messages: read.messages, problems: read.failure })
        if (!read.failure) showErrorToast(read.messages)
        return
      }
      setStep({ kind: dryRun ? 'checked' : 'applied', data: read.data })
      if (!dryRun) {
        const counts = { changed: String(read.data.changed), new: String(read.data.new), unchanged: String(read.data.unchanged) }
        showToast({ title: () => m.price_upload_done(counts), type: 'success' })
      }
    } catch {
      setStep({ kind: 'refused', messages: [m.upload_network()], problems: null })
      showErrorToast([m.upload_network()])
    }
  }

  async function apply(chosen: File) {
    // One apply per click, however fast the clicks come.
    if (applying.current) return
    applying.current = true
    try {
      await send(chosen, false)
    } finally {
      applying.current = false
    }
  }

  return (
    <section className={cardClass} aria-labelledby="price-upload-heading">
      <h2 id="price-upload-heading" className={subheadingClass}>
        {m.price_upload_title()}
      </h2>
      <p>{m.price_upload_intro()}</p>
      <form.AppForm>
        <form.Frame>
          <form.AppField name="prices">
            {() => <FileInput label={m.price_upload_file()} accept=".csv,text/csv" required disabled={step.kind === 'sending'} submitOnChoose />}
          </form.AppField>
        </form.Frame>
      </form.AppForm>
      {step.kind === 'sending' ? (
        <ProgressBar
          label={step.progress < 1 ? m.upload_sending() : step.dryRun ? m.price_upload_checking() : m.price_upload_applying()}
          value={step.progress < 1 ? step.progress : null}
        />
      ) : null}
      {step.kind === 'refused' ? <Refused messages={step.messages} problems={step.problems} /> : null}
      {step.kind === 'checked' || step.kind === 'applied' ? <Counts data={step.data} /> : null}
      {step.kind === 'checked' && file ? (
        step.data.changed + step.data.new > 0 ? (
          <div>
            <button type="button" className={buttonClass} onClick={() => void apply(file)}>
              {m.price_upload_apply({ count: String(step.data.changed + step.data.new) })}
            </button>
          </div>
        ) : (
          <Notice>{m.price_upload_nothing()}</Notice>
        )
      ) : null}
      {step.kind === 'applied' && step.data.log_id !== null ? (
        <Notice role="status">
          {m.price_upload_applied()}{' '}
          <Link to="/detail-price/$pid" params={{ pid: step.data.log_id }} className={linkClass}>
            {m.price_upload_see_log({ id: String(step.data.log_id) })}
          </Link>
        </Notice>
      ) : null}
    </section>
  )
}

function Counts({ data }: { data: PriceUploadData }) {
  const preview = table({ size: 'sm' })
  return (
    <div className={css({ display: 'grid', gap: '2' })} data-testid="price-upload-counts">
      <p role="status">
        {m.price_upload_counts({ rows: String(data.rows), changed: String(data.changed), new: String(data.new), unchanged: String(data.unchanged) })}
        {' · '}
        {m.price_upload_format({ encoding: data.encoding === 'utf-8' ? 'UTF-8' : 'Windows-1252', delimiter: data.delimiter })}
      </p>
      {data.preview.length > 0 ? (
        <div className={preview.frame}>
          <table className={preview.root}>
            <caption className={preview.caption}>{m.price_upload_preview()}</caption>
            <thead>
              <tr>
                <th scope="col" className={preview.head}>
                  {m.price_upload_line()}
                </th>
                <th scope="col" className={preview.head}>
                  {m.price_logs_col_article()}
                </th>
                <th scope="col" className={preview.head}>
                  {m.price_logs_col_type()}
                </th>
                <th scope="col" className={preview.head}>
                  {m.price_upload_customer()}
                </th>
                <th scope="col" className={preview.head}>
                  {m.price_upload_old_new()}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.preview.map((row) => (
                <tr key={row.line}>
                  <td className={preview.cell}>{row.line}</td>
                  <td className={preview.cell}>{row.article_uid}</td>
                  <td className={preview.cell}>{row.article_type}</td>
                  <td className={preview.cell}>{row.customer_number ?? '–'}</td>
                  <td className={preview.cell}>
                    {formatAmount(row.old_price)} → <strong>{formatAmount(row.new_price)}</strong> {row.currency}
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

function Refused({ messages, problems }: { messages: ReadonlyArray<string>; problems: PriceUploadProblems | null }) {
  return (
    <Notice tone="danger" role="alert">
      <p className={css({ fontWeight: 'semibold' })}>{problems ? m.price_upload_refused({ bad: String(problems.bad_rows) }) : m.upload_failed()}</p>
      <ul className={css({ maxH: '20rem', overflowY: 'auto', listStyle: 'disc', pl: '5' })} data-testid="upload-problems">
        {(problems ? problems.problems.map((problem) => problem.message) : messages).map((text, index) => (
          <li key={index}>{text}</li>
        ))}
      </ul>
    </Notice>
  )
}
