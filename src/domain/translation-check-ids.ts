// The names of the translation quality checks (translation-checks.ts), apart from the checks
// themselves: the save's contract names them, and every screen that saves loads the contract.
export const TRANSLATION_CHECKS = [
  'placeholders_missing',
  'placeholders_extra',
  'tags_missing',
  'tags_extra',
  'escapes_missing',
  'escapes_extra',
  'numbers_missing',
  'numbers_extra',
  'numbers_format',
  'brackets_missing',
  'brackets_extra',
  'line_breaks',
  'tabs',
  'edge_spaces',
  'double_spaces',
  'doubled_words',
  'end_punctuation',
  'first_letter',
  'too_long',
  'same_as_source',
  'glossary',
] as const
export type TranslationCheck = (typeof TRANSLATION_CHECKS)[number]
