import { LANGUAGE_CODE_PATTERN } from '../../../src/domain/language-code'
import type { PortalSession } from '../../../src/contract/session'
import { searchField, searchObject } from '../../ui/search-fields'

// What every translation route shares: the language search params, the node id param, and
// who may load and save (signed in with CAN_TRANSLATE) — the pages open without a login.

/** A language code (as languageCode of the contract); `fallback` by default. */
export const languageParam = (fallback: string) =>
  searchField<string, string>((value) => (typeof value === 'string' && LANGUAGE_CODE_PATTERN.test(value) ? value : fallback))

export const languagesSearch = searchObject({ src: languageParam('master'), dst: languageParam('en') })

export const articleSearch = searchObject({ lang: languageParam('en') })

/** Defaults are left out of the URL (stripSearchParams). */
export const LANGUAGES_DEFAULTS = { src: 'master', dst: 'en' } as const
export const ARTICLE_DEFAULTS = { lang: 'en' } as const

/** {id}: a catalogue node's id; {id} and the {path} after it (the splat). */
export { idParams as nodeId, idAndPathParams as nodeIdAndPath } from '../../ui/id-params'

/** Who is here, as far as the translation screens care: loading and saving need CAN_TRANSLATE. */
export type TranslationAccess = {
  canTranslate: boolean
  /** Approving and sending back texts: CAN_TRANSLATE and CAN_REVIEW (docs/decisions/049; the server refuses it anyway). */
  canReview?: boolean
  /** The signed-in user, null without a session. */
  username: string | null
}

export function translationAccess(session: PortalSession): { access: TranslationAccess } {
  const user = session.user
  const canTranslate = user?.groups.includes('CAN_TRANSLATE') ?? false
  return { access: { canTranslate, canReview: canTranslate && (user?.groups.includes('CAN_REVIEW') ?? false), username: user?.username ?? null } }
}
