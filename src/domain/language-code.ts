// A language code of the translation screens: 'master' (the source texts), 'en', 'fr', 'pt-BR', …
// In a module of its own: the route search schemas (loaded with every page) and the contract's
// languageCode both take it, and neither needs the rest of the translation rules.
export const LANGUAGE_CODE_PATTERN = /^(master|[a-z]{2,3}(-[A-Za-z]{2,4})?)$/
