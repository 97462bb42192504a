import { Field } from '@ark-ui/react/field'
import { FileUpload } from '@ark-ui/react/file-upload'
import { useEffect, useId, useMemo, useState } from 'react'
import { appConfig } from '../../../app.config'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { button, field as fieldRecipe } from '../../../styled-system/recipes'
import { megabytes } from '../../ui/form/file-input'
import { firstProblemText } from '../../ui/form/form-problem'
import { useFieldContext } from '../../ui/form/form-context'
import { useLocale } from '../../ui/locale'

// The logo: the current one, and a chosen file previewed at once
// with its size in MB (two decimals). Over the limit it says so with both sizes; the save
// button is disabled by the form (logoTooBig). Which files are taken is the server's call
// (by content: PNG, JPEG, WebP); its refusal lands here.
export const LOGO_LIMIT = appConfig.limits.logoBytes

export function logoTooBig(file: File | null): boolean {
  return file !== null && file.size > LOGO_LIMIT
}

const previewClass = css({
  w: '40',
  h: '24',
  objectFit: 'contain',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'control',
  bg: 'white',
  p: '1',
})

const emptyClass = css({
  w: '40',
  h: '24',
  display: 'grid',
  placeItems: 'center',
  textAlign: 'center',
  border: '1px dashed',
  borderColor: 'border',
  borderRadius: 'control',
  p: '2',
  color: 'fg.muted',
  fontSize: 'sm',
})

export function LogoField({ current, companyName, removing }: { current: string | null; companyName: string; removing: boolean }) {
  useLocale()
  const field = useFieldContext<File | null>()
  const file = field.state.value
  const preview = useObjectUrl(file)
  // A file the browser cannot show as an image gets a note instead of a broken picture.
  const [unreadable, setUnreadable] = useState<string | null>(null)
  const id = useId()
  const tooBig = logoTooBig(file)
  const problem = tooBig && file ? m.logo_too_big({ size: megabytes(file.size), limit: megabytes(LOGO_LIMIT) }) : firstProblemText(field.state.meta.errors)
  const ids = { label: `${id}-label`, hint: `${id}-hint`, error: `${id}-error`, chosen: `${id}-chosen` }
  const classes = fieldRecipe()
  return (
    <Field.Root invalid={problem !== null} className={classes.root} ids={{ label: ids.label, helperText: ids.hint, errorText: ids.error }}>
      {/* The section's legend says "Logo" already; the label names the controls for screen readers. */}
      <span id={ids.label} className={css({ srOnly: true })}>
        {m.my_company_field_logo()}
      </span>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '4', alignItems: 'flex-start' })}>
        <figure className={css({ display: 'grid', gap: '1', m: '0' })}>
          {current && !removing ? (
            <img src={current} alt={m.logo_alt({ name: companyName })} className={previewClass} data-testid="logo-current" />
          ) : (
            <div className={emptyClass}>{removing ? m.logo_remove_pending() : m.logo_none()}</div>
          )}
          <figcaption className={css({ fontSize: 'sm', color: 'fg.muted' })}>{m.logo_current()}</figcaption>
        </figure>
        {file && preview ? (
          <figure className={css({ display: 'grid', gap: '1', m: '0' })}>
            {unreadable === preview ? (
              <div className={emptyClass}>{m.logo_no_preview()}</div>
            ) : (
              <img src={preview} alt={m.logo_preview()} className={previewClass} data-testid="logo-preview" onError={() => setUnreadable(preview)} />
            )}
            <figcaption id={ids.chosen} className={css({ fontSize: 'sm', overflowWrap: 'anywhere', maxW: '40' })} data-testid="logo-size">
              {m.logo_chosen({ name: file.name, size: megabytes(file.size) })}
            </figcaption>
          </figure>
        ) : null}
      </div>
      <FileUpload.Root
        maxFiles={1}
        accept="image/png,image/jpeg,image/webp"
        acceptedFiles={file ? [file] : []}
        onFileChange={(details) => choose(details.acceptedFiles[0])}
        className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}
      >
        <FileUpload.Trigger
          data-field={field.name}
          aria-describedby={[ids.label, file ? ids.chosen : null, ids.hint, problem ? ids.error : null].filter(Boolean).join(' ')}
          className={button({ variant: 'secondary' })}
        >
          {m.logo_choose()}
        </FileUpload.Trigger>
        {file ? (
          <button type="button" className={button({ variant: 'ghost' })} onClick={() => field.handleChange(null)}>
            {m.logo_discard()}
          </button>
        ) : null}
        {/* The picker's own change event too: Ark drops a file equal to the one it holds. */}
        <FileUpload.HiddenInput aria-labelledby={ids.label} onChange={(event) => choose(event.currentTarget.files?.[0])} />
      </FileUpload.Root>
      <Field.HelperText className={classes.hint}>{m.logo_hint({ limit: megabytes(LOGO_LIMIT) })}</Field.HelperText>
      <Field.ErrorText role="alert" className={classes.error} data-testid="logo-problem">
        {problem}
      </Field.ErrorText>
    </Field.Root>
  )

  function choose(next: File | undefined) {
    if (next && next !== field.state.value) field.handleChange(next)
  }
}

/** An object URL for the chosen file while it is shown, released afterwards. */
function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file])
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url])
  return url
}
