// What a user does in a form before the page's scripts have started (they start after the first
// paint, decision 035; on a slow phone the form is there a second or more before its script):
// - A submit would be posted back to its page by the browser: the page again, empty, what was
//   typed gone. A small inline script at the top of every page holds a submit that no script has
//   taken (its default not prevented once the event has passed the document); the form's script,
//   once it runs, takes it up and sends the form itself.
// - A field of the form layer shows its form's value, so the takeover would put back the empty
//   value the page was rendered with. The same script notes what was typed into a field until the
//   page has taken over (html[data-hydrated]); the form puts it into its values.

/** Where the inline script keeps the forms whose submit it held, in order. */
export const HELD_SUBMITS = '__portalHeldSubmits' satisfies keyof Window
/** Where it keeps what was typed before the takeover: a Map of control → value (checked for a checkbox). */
export const TYPED_BEFORE = '__portalTypedBefore' satisfies keyof Window

/** The inline script (classic, so it runs before the body is parsed), without its <script> tag. */
export const HOLD_SUBMITS_SCRIPT =
  `(function(){var w=window,t=w.${TYPED_BEFORE}=new Map();` +
  `addEventListener('input',function(e){var c=e.target;if(document.documentElement.hasAttribute('data-hydrated')||!(c instanceof HTMLInputElement||c instanceof HTMLSelectElement||c instanceof HTMLTextAreaElement))return;t.set(c,c.type==='checkbox'?c.checked:c.value)},true);` +
  `addEventListener('submit',function(e){if(e.defaultPrevented||!(e.target instanceof HTMLFormElement))return;e.preventDefault();var h=w.${HELD_SUBMITS}||(w.${HELD_SUBMITS}=[]);if(h.indexOf(e.target)<0)h.push(e.target)})})()`

declare global {
  interface Window {
    /** The forms whose submit the inline script held (HELD_SUBMITS). */
    __portalHeldSubmits?: HTMLFormElement[]
    /** What was typed before the takeover (TYPED_BEFORE). */
    __portalTypedBefore?: Map<Element, string | boolean>
  }
}

/** true (once) when a submit of `form` was held before its script ran. */
export function takeHeldSubmit(form: HTMLFormElement | null): boolean {
  const held = typeof window === 'undefined' ? undefined : window.__portalHeldSubmits
  if (!form || !held) return false
  const at = held.indexOf(form)
  if (at === -1) return false
  held.splice(at, 1)
  return true
}

/** What was typed into the fields of `form` (by their data-field name) before the takeover; taken once. */
export function takeTypedBefore(form: HTMLFormElement | null): Array<{ name: string; value: string | boolean }> {
  const typed = typeof window === 'undefined' ? undefined : window.__portalTypedBefore
  if (!form || !typed) return []
  const values: Array<{ name: string; value: string | boolean }> = []
  for (const [control, value] of typed) {
    const name = control instanceof HTMLElement ? control.dataset.field : undefined
    if (!name || !form.contains(control)) continue
    typed.delete(control)
    values.push({ name, value })
  }
  return values
}
