import { FileUpload } from '@ark-ui/react/file-upload'
import { useRef } from 'react'
import { m } from '../../../src/paraglide/messages'
import type { IssueProblem } from '../../../src/contract/issue-problem'
import { getLocale } from '../../../src/paraglide/runtime'
import { css } from '../../../styled-system/css'
import { button } from '../../../styled-system/recipes'
import { FieldFrame } from './field-frame'
import { useFieldContext } from './form-context'

/** A size as people read it: megabytes with two decimals, as the logo field shows it. */
export function megabytes(bytes: number): string {
  return m.form_file_megabytes({ size: new Intl.NumberFormat(getLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(bytes / 1_048_576) })
}

/** A chosen file's size: kilobytes below a megabyte ("0,00 MB" says nothing), else megabytes. */
function fileSize(bytes: number): string {
  if (bytes >= 1_048_576) return megabytes(bytes)
  if (bytes < 1024) return m.form_file_bytes({ size: String(bytes) })
  return m.form_file_kilobytes({ size: new Intl.NumberFormat(getLocale(), { maximumFractionDigits: 1 }).format(bytes / 1024) })
}

/** The words of the file rule (`uploadFile` in src/contract): none chosen, or too big for the limit. */
export function fileWords(limitBytes: number) {
  return (problem: IssueProblem, value: unknown): string | undefined => {
    if (problem.code === 'required') return m.form_file_required()
    if (value instanceof File && value.size > limitBytes) return m.form_file_too_big({ size: megabytes(value.size), limit: megabytes(limitBytes) })
    return undefined
  }
}

/**
 * A file field on Ark UI's FileUpload: a button opens the picker, the chosen file is shown with
 * name, size and type. The size is checked by the form's rule (so the message names both
 * sizes). Choosing the same file again (after fixing it) counts as a new choice.
 */
export function FileInput({
  label,
  hint,
  accept,
  required,
  disabled,
  submitOnChoose = false,
}: {
  label: string
  hint?: string
  accept: string
  required?: boolean
  disabled?: boolean
  /** Each choice submits the form (a check that runs at once, as the price upload's dry run). */
  submitOnChoose?: boolean
}) {
  const field = useFieldContext<File | null>()
  const root = useRef<HTMLDivElement>(null)
  const file = field.state.value
  function choose(next: File | undefined) {
    if (!next || next === field.state.value) return
    field.handleChange(next)
    if (submitOnChoose) root.current?.closest('form')?.requestSubmit()
  }
  return (
    <FieldFrame label={label} hint={hint} required={required} disabled={disabled}>
      {(ids) => (
        <FileUpload.Root
          ref={root}
          maxFiles={1}
          accept={accept}
          disabled={disabled}
          invalid={ids.invalid}
          acceptedFiles={file ? [file] : []}
          onFileChange={(details) => choose(details.acceptedFiles[0])}
          ids={{ hiddenInput: ids.control }}
          className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3', minW: '0' })}
        >
          <FileUpload.Trigger
            data-field={field.name}
            aria-describedby={[ids.label, `${ids.control}-file`, ids.describedBy].filter(Boolean).join(' ')}
            className={button({ variant: 'secondary' })}
          >
            {m.file_choose()}
          </FileUpload.Trigger>
          <span id={`${ids.control}-file`} className={css({ color: file ? 'fg' : 'fg.muted', overflowWrap: 'anywhere', minW: '0' })} data-testid="file-preview">
            {file ? (
              <>
                <strong>{file.name}</strong>
                {' · '}
                {fileSize(file.size)}
                {' · '}
                {file.type || m.form_file_type_unknown()}
              </>
            ) : (
              m.file_none()
            )}
          </span>
          {/* The picker's own change event too: Ark drops a file equal to the one it holds. */}
          <FileUpload.HiddenInput onChange={(event) => choose(event.currentTarget.files?.[0])} />
        </FileUpload.Root>
      )}
    </FieldFrame>
  )
}
