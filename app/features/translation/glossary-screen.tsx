import { useCallback, useEffect, useRef, useState } from 'react'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { once } from '../../ui/lazy-part'
import { useLocale } from '../../ui/locale'
import { Notice, cardClass, headingClass, secondaryButtonClass } from '../../ui/page'
import { Spinner } from '../../ui/spinner'
import { useOnline } from '../../ui/use-online'
import { AccessNotice, SessionEndedNotice } from './access-notice-lazy'
import { GlossaryForm } from './glossary-form'
import { GlossaryTermItem } from './glossary-term-item'
import { formatDeviceTime } from '../../ui/format'
import { LanguagePicker, languageChoices } from './language-picker'
import { useStoreQuery } from './store'
import type { TranslationAccess } from './translation-access'
import { useGlossaryEdits } from './use-glossary-edits'

// /glossary (docs/decisions/038-translation-history-and-glossary.md): the terms of the master texts
// with their translation into one language, read from the device's copy (offline too) and loaded
// from the server on open. Staff with CAN_TRANSLATE add, change and delete terms — online, as each
// change goes to the server first.

type Props = {
  search: { language: string }
  access: TranslationAccess
  onSearch: (change: { language: string }) => void
}

const EMPTY_FORM = { term: '', translation: '', note: null }
const screenClass = css({ display: 'grid', gap: '4', w: 'full', maxW: '1100px', mx: 'auto', px: { base: '3', md: '8' }, py: '6', minW: '0' })
const emptyClass = css({ p: '6', textAlign: 'center', color: 'fg.muted', bg: 'bg.subtle', borderRadius: 'card' })

export function GlossaryScreen({ search, access, onSearch }: Props) {
  useLocale()
  const { language } = search
  const online = useOnline()
  const { loading, problem, reload } = useGlossaryLoad(language, access.canTranslate)
  const kept = useStoreQuery((store) => store.glossaryOf(store.translationDb(), language), [language])
  const known = useStoreQuery((store) => store.glossaryLanguages(store.translationDb()), [])
  const choices = languageChoices(known?.names, [language, ...(known?.codes ?? [])]).filter(([code]) => code !== 'master')
  const nameOf = (code: string) => choices.find(([value]) => value === code)?.[1] ?? code
  const languageName = nameOf(language)
  const edits = useGlossaryEdits(language)
  const canChange = access.canTranslate && online
  const terms = kept?.terms ?? null

  return (
    <div className={screenClass}>
      <header className={css({ display: 'grid', gap: '2' })}>
        <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: '3' })}>
          <h1 className={headingClass}>{m.glossary_title()}</h1>
          <p data-testid="glossary-count" aria-live="polite" className={css({ color: 'fg.muted' })}>
            {terms ? m.glossary_count({ count: terms.length }) : null}
          </p>
        </div>
        <p className={css({ color: 'fg.muted', maxW: '70ch' })}>{m.glossary_intro()}</p>
      </header>
      <AccessNotice access={access} />
      {!online ? <Notice tone="warning">{m.glossary_offline()}</Notice> : null}
      {problem === 'login' ? <SessionEndedNotice access={access} /> : null}
      {Array.isArray(problem) ? (
        <Notice tone="danger" role="alert">
          {m.glossary_reload_failed({ reason: problem.join(' ') })}
        </Notice>
      ) : null}

      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'end' })}>
        <div className={css({ minW: '12rem', flex: { base: '1 1 100%', sm: '0 1 auto' } })}>
          <LanguagePicker label={m.translation_target()} value={language} choices={choices} onChange={(code) => onSearch({ language: code })} />
        </div>
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={!online || !access.canTranslate || loading}
          aria-busy={loading}
          onClick={() => void reload()}
        >
          {m.translation_reload()}
        </button>
        {kept && kept.loadedAt > 0 ? (
          <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{m.translation_loaded_at({ time: formatDeviceTime(kept.loadedAt) })}</span>
        ) : null}
      </div>

      {access.canTranslate ? (
        <section className={cardClass} aria-labelledby="glossary-add-heading">
          <h2 id="glossary-add-heading" className={css({ fontSize: 'lg', fontWeight: 'semibold', mb: '3' })}>
            {m.glossary_add_title({ language: languageName })}
          </h2>
          <GlossaryForm
            key={language}
            initial={EMPTY_FORM}
            label={m.glossary_add_title({ language: languageName })}
            submitLabel={m.glossary_add_submit()}
            busyLabel={m.glossary_add_busy()}
            disabled={!online}
            onSubmit={edits.add}
            resetOnSuccess
          />
        </section>
      ) : null}

      <section aria-labelledby="glossary-list-heading" className={css({ display: 'grid', gap: '3' })}>
        <h2 id="glossary-list-heading" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          {m.glossary_list_label({ language: languageName })}
        </h2>
        {kept === undefined || (loading && !terms?.length) ? <Spinner label={m.glossary_loading()} /> : null}
        {kept === null && !loading ? (
          <p role="status" className={emptyClass}>
            {m.glossary_no_copy({ language: languageName })}
          </p>
        ) : null}
        {terms && terms.length === 0 && !loading ? (
          <p role="status" className={emptyClass}>
            {m.glossary_empty({ language: languageName })}
          </p>
        ) : null}
        {terms && terms.length > 0 ? (
          <ul aria-labelledby="glossary-list-heading" className={css({ display: 'grid', gap: '3' })}>
            {terms.map((entry) => (
              <GlossaryTermItem key={entry.id} entry={entry} languageName={nameOf} edits={edits} canChange={canChange} />
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  )
}

const loadSync = once(() => import('./glossary-sync'))

/** Loads the terms into `language` when the screen opens online, and on "Load from server". */
function useGlossaryLoad(language: string, allowed: boolean) {
  const online = useOnline()
  const [loading, setLoading] = useState(false)
  const [problem, setProblem] = useState<'login' | string[] | null>(null)
  const reload = useCallback(async () => {
    if (!allowed || language === 'master') return
    setLoading(true)
    setProblem(null)
    try {
      const outcome = await (await loadSync()).syncGlossary(language, { force: true })
      // No connection: the device's copy stays (the offline notice says so).
      if (outcome.kind === 'login') setProblem('login')
      else if (outcome.kind === 'refused') setProblem(outcome.messages)
    } catch {
      // The loading script itself could not come (offline before it was kept): the copy stays.
    } finally {
      setLoading(false)
    }
  }, [allowed, language])
  // Once per language while online; again after the connection came back.
  const tried = useRef<string | null>(null)
  useEffect(() => {
    if (!online) tried.current = null
    if (!online || tried.current === language) return
    tried.current = language
    void reload()
  }, [online, language, reload])
  return { loading, problem, reload }
}
