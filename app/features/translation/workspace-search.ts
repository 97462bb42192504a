import { searchEnum, searchObject, searchText, type SearchOutput } from '../../ui/search-fields'
import { languageParam } from './translation-access'

// The workspace's view lives in the URL (?src=&dst=&filter=&q=&view=), so a link opens the same view.
/**
 * The filters of review (review-states.ts): translated and current but not reviewed, sent back,
 * approved, with comments. The progress screen links to them by name (docs/decisions/049): keep them.
 */
export const REVIEW_FILTERS = ['unreviewed', 'needs_editing', 'approved', 'commented'] as const
export const ENTRY_FILTERS = ['all', 'untranslated', 'outdated', 'translated', 'unsaved', 'issues', ...REVIEW_FILTERS] as const
export type EntryFilter = (typeof ENTRY_FILTERS)[number]
/** Cards (key, source, translation stacked) or compact rows (source and translation side by side). */
export const ENTRY_VIEWS = ['cards', 'compact'] as const

export const workspaceSearch = searchObject({
  src: languageParam('master'),
  dst: languageParam('en'),
  filter: searchEnum(ENTRY_FILTERS, 'all'),
  q: searchText(200),
  view: searchEnum(ENTRY_VIEWS, 'cards'),
})
export type WorkspaceSearch = SearchOutput<typeof workspaceSearch>

/** Defaults are left out of the URL, so /vartext stays /vartext (stripSearchParams). */
export const WORKSPACE_DEFAULTS = { src: 'master', dst: 'en', filter: 'all', q: '', view: 'cards' } as const
