import { useId } from 'react'
import { m } from '../../../src/paraglide/messages'
import { getLocale } from '../../../src/paraglide/runtime'
import { css } from '../../../styled-system/css'

// Source and target language pickers of the translation screens (placeholder 'Select a language').
export const controlClass = css({
  minH: '10',
  px: '2',
  border: '1px solid',
  borderColor: 'border',
  borderRadius: 'control',
  bg: 'bg',
  font: 'inherit',
  minW: '0',
})

export function LanguagePicker({
  label,
  value,
  choices,
  onChange,
  problem,
}: {
  label: string
  value: string
  choices: ReadonlyArray<[string, string]>
  onChange: (code: string) => void
  /** Why the chosen language cannot be used (source equal to target). */
  problem?: string | null
}) {
  const problemId = useId()
  return (
    <label className={css({ display: 'grid', gap: '1', fontSize: 'sm', alignContent: 'start' })}>
      {label}
      <select
        value={value}
        onChange={(event) => event.target.value && onChange(event.target.value)}
        className={controlClass}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
      >
        <option value="" disabled>
          {m.translation_select_language()}
        </option>
        {choices.map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </select>
      {problem ? (
        <span id={problemId} role="alert" className={css({ color: 'danger.700' })}>
          {problem}
        </span>
      ) : null}
    </label>
  )
}

/**
 * The languages to offer: the server's list once this device has loaded one; before that (or
 * without the permission to load) the defaults and the codes in use. Every one is named in the
 * interface language ("Englisch" in German) — never a bare code such as "master" or "en"; the
 * server's name stays only for a code the browser cannot name.
 */
export function languageChoices(fromServer: ReadonlyArray<[string, string]> | null | undefined, codes: ReadonlyArray<string>): Array<[string, string]> {
  // The defaults stay choosable, so a wrong pair (say fr → fr) can be put right here.
  const listed: ReadonlyArray<[string, string]> =
    fromServer && fromServer.length > 0 ? fromServer : [...new Set(['master', 'en', ...codes])].map((code): [string, string] => [code, code])
  return listed.map(([code, name]) => [code, languageName(code, name)])
}

const displayNames = new Map<string, Intl.DisplayNames>()

/** A language's name in the interface language; `fallback` (the code itself) where the browser knows none. */
export function languageName(code: string, fallback = code): string {
  if (code === 'master') return m.translation_language_master()
  const locale = getLocale()
  try {
    let names = displayNames.get(locale)
    if (!names) {
      names = new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' })
      displayNames.set(locale, names)
    }
    return names.of(code) ?? fallback
  } catch {
    // Not a language tag the browser takes.
    return fallback
  }
}

/** The picker's words when source and target are the same language (nothing is loaded then). */
export function sameLanguageProblem(src: string, dst: string): string | null {
  return src === dst ? m.translation_same_language() : null
}
