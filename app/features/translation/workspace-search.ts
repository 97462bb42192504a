import { z } from 'zod'
import { languageCode } from '../../../src/contract/language-code'

// The workspace's view lives in the URL (?src=&dst=&filter=&q=), so a link opens the same view.
export const ENTRY_FILTERS = ['all', 'untranslated', 'translated', 'unsaved'] as const
export type EntryFilter = (typeof ENTRY_FILTERS)[number]

export const workspaceSearch = z.object({
  src: languageCode.default('master').catch('master'),
  dst: languageCode.default('en').catch('en'),
  filter: z.enum(ENTRY_FILTERS).default('all').catch('all'),
  q: z.string().max(200).default('').catch(''),
})
export type WorkspaceSearch = z.infer<typeof workspaceSearch>

/** Defaults are left out of the URL, so /vartext stays /vartext (stripSearchParams). */
export const WORKSPACE_DEFAULTS = { src: 'master', dst: 'en', filter: 'all', q: '' } as const
