import { useRef, useState } from 'react'
import { m } from '../../../src/paraglide/messages'
import { css } from '../../../styled-system/css'
import { LanguagePicker, controlClass } from './language-picker'
import { ENTRY_FILTERS, ENTRY_VIEWS, type EntryFilter, type WorkspaceSearch } from './workspace-search'

// The workspace's source and target languages, status filter and search (kept in the URL;
// the search 200 ms after the last keystroke).

export function TextsFilters({
  search,
  choices,
  sameLanguage,
  onSearch,
}: {
  search: WorkspaceSearch
  choices: ReadonlyArray<[string, string]>
  sameLanguage: string | null
  onSearch: (change: Partial<WorkspaceSearch>) => void
}) {
  const [query, setQuery] = useState(search.q)
  const queryTimer = useRef<ReturnType<typeof setTimeout> | null>(null)

  function changeQuery(next: string) {
    setQuery(next)
    if (queryTimer.current) clearTimeout(queryTimer.current)
    queryTimer.current = setTimeout(() => onSearch({ q: next }), 200)
  }

  return (
    <div
      // Alt+↓/↑ go to the next or previous text from these controls too (decision 048).
      data-desk-nav=""
      className={css({
        display: 'grid',
        gap: '3',
        gridTemplateColumns: { base: '1fr', sm: '1fr 1fr', lg: 'repeat(4, minmax(0, 1fr)) minmax(0, 2fr)' },
        alignItems: 'end',
      })}
    >
      <LanguagePicker label={m.translation_source()} value={search.src} choices={choices} onChange={(code) => onSearch({ src: code })} />
      <LanguagePicker
        label={m.translation_target()}
        value={search.dst}
        choices={choices.filter(([code]) => code !== 'master')}
        onChange={(code) => onSearch({ dst: code })}
        problem={sameLanguage}
      />
      <label className={css({ display: 'grid', gap: '1', fontSize: 'sm' })}>
        {m.translation_filter()}
        <select
          value={search.filter}
          onChange={(event) => onSearch({ filter: ENTRY_FILTERS.find((value) => value === event.target.value) ?? 'all' })}
          className={controlClass}
        >
          {ENTRY_FILTERS.map((value) => (
            <option key={value} value={value}>
              {filterLabel(value)}
            </option>
          ))}
        </select>
      </label>
      <label className={css({ display: 'grid', gap: '1', fontSize: 'sm' })}>
        {m.translation_view()}
        <select
          value={search.view}
          onChange={(event) => onSearch({ view: ENTRY_VIEWS.find((value) => value === event.target.value) ?? 'cards' })}
          className={controlClass}
        >
          {ENTRY_VIEWS.map((value) => (
            <option key={value} value={value}>
              {value === 'compact' ? m.translation_view_compact() : m.translation_view_cards()}
            </option>
          ))}
        </select>
      </label>
      <label className={css({ display: 'grid', gap: '1', fontSize: 'sm' })}>
        {m.translation_search()}
        <input
          type="search"
          value={query}
          onChange={(event) => changeQuery(event.target.value)}
          placeholder={m.translation_search_placeholder()}
          className={controlClass}
        />
      </label>
    </div>
  )
}

export function filterLabel(filter: EntryFilter): string {
  if (filter === 'untranslated') return m.translation_filter_untranslated()
  if (filter === 'translated') return m.translation_filter_translated()
  if (filter === 'outdated') return m.translation_filter_outdated()
  if (filter === 'unsaved') return m.translation_filter_unsaved()
  if (filter === 'issues') return m.translation_filter_issues()
  if (filter === 'unreviewed') return m.review_filter_unreviewed()
  if (filter === 'needs_editing') return m.review_filter_needs_editing()
  if (filter === 'approved') return m.review_filter_approved()
  if (filter === 'commented') return m.review_filter_commented()
  return m.translation_filter_all()
}
