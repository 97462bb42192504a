import { GLOSSARY_NOTE_MAX, GLOSSARY_TERM_MAX, GLOSSARY_TRANSLATION_MAX } from '../../../src/domain/limits'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { secondaryButtonClass } from '../../ui/page'
import { useZodForm, type SubmitFailure } from '../../ui/form/use-zod-form'

// The glossary's add and edit form: term, translation and note, checked by
// the contract's rules before sending; the server's refusal lands on its field — a term the
// glossary has already (409) on the term, a 400 on the field it names — or on the form.

export type GlossaryValues = { term: string; translation: string; note: string | null }
type Field = keyof GlossaryValues

export const GLOSSARY_LABELS: Record<Field, () => string> = {
  term: () => m.glossary_field_term(),
  translation: () => m.glossary_field_translation(),
  note: () => m.glossary_field_note(),
}

/** Where a refusal of the server belongs: 409 on the term, a 400 on the field its words name. */
export function glossaryFailure(messages: ReadonlyArray<string>, httpStatus: number | undefined): SubmitFailure<Field> {
  if (httpStatus === 409) return { messages, field: 'term' }
  const fields: Partial<Record<Field, string[]>> = {}
  for (const message of messages) {
    const field = (Object.keys(GLOSSARY_LABELS) as Field[]).find((name) => startsWithWord(message, GLOSSARY_LABELS[name]()))
    if (field) (fields[field] ??= []).push(message)
  }
  return { messages, fields }
}

function startsWithWord(message: string, word: string): boolean {
  return message.startsWith(word) && !/\p{L}/u.test(message.charAt(word.length))
}

type Props = {
  initial: GlossaryValues
  /** The form's name for assistive technology. */
  label: string
  submitLabel: string
  busyLabel: string
  /** Offline: the fields can be read, not sent. */
  disabled: boolean
  /** Sends the values; a refusal comes back to the fields, nothing when it worked. */
  onSubmit: (values: GlossaryValues) => Promise<SubmitFailure<Field> | void>
  /** The edit form's way out (Escape too). */
  onCancel?: () => void
  /** After a term was added: the form empties for the next one. */
  resetOnSuccess?: boolean
  autoFocus?: boolean
}

export function GlossaryForm({ initial, label, submitLabel, busyLabel, disabled, onSubmit, onCancel, resetOnSuccess = false, autoFocus = false }: Props) {
  const form = useZodForm({
    schema: () => import('./glossary-check').then((module) => module.glossaryTermCheck),
    defaultValues: { term: initial.term, translation: initial.translation, note: initial.note ?? '' },
    labels: GLOSSARY_LABELS,
    onSubmit: async (value) => {
      const failure = await onSubmit({ term: value.term, translation: value.translation, note: value.note ?? null })
      if (failure) return failure
      if (resetOnSuccess) form.reset()
    },
  })
  return (
    <div
      onKeyDown={(event) => {
        if (event.key === 'Escape' && onCancel) {
          event.preventDefault()
          onCancel()
        }
      }}
    >
      <form.AppForm>
        <form.Frame label={label}>
          <div className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } })}>
            <form.AppField name="term">
              {(field) => (
                <field.TextInput
                  label={GLOSSARY_LABELS.term()}
                  hint={m.glossary_hint_max({ max: String(GLOSSARY_TERM_MAX) })}
                  required
                  disabled={disabled}
                  maxLength={GLOSSARY_TERM_MAX}
                  autoFocus={autoFocus}
                />
              )}
            </form.AppField>
            <form.AppField name="translation">
              {(field) => (
                <field.TextInput
                  label={GLOSSARY_LABELS.translation()}
                  hint={m.glossary_hint_max({ max: String(GLOSSARY_TRANSLATION_MAX) })}
                  required
                  disabled={disabled}
                  maxLength={GLOSSARY_TRANSLATION_MAX}
                />
              )}
            </form.AppField>
          </div>
          <form.AppField name="note">
            {(field) => (
              <field.TextInput
                label={GLOSSARY_LABELS.note()}
                hint={m.glossary_note_hint({ max: String(GLOSSARY_NOTE_MAX) })}
                disabled={disabled}
                maxLength={GLOSSARY_NOTE_MAX}
              />
            )}
          </form.AppField>
          <form.Alert />
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
            <form.SubmitButton busyLabel={busyLabel} disabled={disabled}>
              {submitLabel}
            </form.SubmitButton>
            {onCancel ? (
              <button type="button" className={secondaryButtonClass} onClick={onCancel} aria-keyshortcuts="Escape">
                {m.cancel()}
              </button>
            ) : null}
          </div>
        </form.Frame>
      </form.AppForm>
    </div>
  )
}
