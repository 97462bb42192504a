// Ctrl+Insert copies the source into the translation, as in the CAT tools translators know
// (Trados, memoQ): in both editors (entry-editor.tsx, text-field.tsx), issue 29 point 8.
export function isCopySource(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }): boolean {
  return event.key === 'Insert' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey
}
