// The languages of the portal: its pages, mails and /vue/ answers. Free of zod, so the
// language rule (locale-choice.ts), which every page runs, takes them without the contracts.
export const LOCALES = ['de', 'en'] as const
export type Locale = (typeof LOCALES)[number]
