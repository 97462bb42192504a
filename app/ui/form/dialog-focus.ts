// The last element that had focus outside a dialog, tracked from the moment the first screen
// with a dialog loads in the browser (before any dialog can open, and before the dialog's own
// script, which comes on first use: lazy-dialog.tsx).
let outside: HTMLElement | null = null
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => {
    if (event.target instanceof HTMLElement && !event.target.closest('[role=dialog]')) outside = event.target
  })
}

/** Where the focus goes back to when a dialog that opens now closes. */
export function focusOutsideDialogs(): HTMLElement | null {
  return outside
}
