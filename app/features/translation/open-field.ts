import { createStore } from '../../ui/lazy-part'

// The text "open" on the catalogue and article screens, where every text is a field of its own
// (text-field.tsx): the field that had the focus last, as for the memory's matches. It is the
// text this user claims (field-team-part.tsx, docs/decisions/049).
export const openFieldKey = createStore<string | null>(null)
