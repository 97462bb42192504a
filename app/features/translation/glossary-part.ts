// What the editors' glossary (glossary-editor.tsx) loads on first use, as one script: the live
// copy of the pair's terms, and their matching, marks and list in the source.
export { snapshot, subscribe } from './glossary-live'
export { GlossaryHintsList, MarkedText, sourceTerms } from './glossary-source'
