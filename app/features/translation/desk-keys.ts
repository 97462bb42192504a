import { m } from '../../../src/paraglide/messages'

// Every key of the translator's desk, defined once (decision 048): the handlers match events
// against these, the controls show them beside themselves and name them in aria-keyshortcuts,
// and the shortcuts dialog lists them. `mod` is Ctrl, or ⌘ on a Mac (both are taken everywhere);
// `ctrl` is the Control key itself, for keys whose ⌘ form a Mac browser keeps for itself.

export type Combo = { key: string; mod?: true; ctrl?: true; alt?: true; shift?: true }

/** A key of the desk: its combinations, the first the one shown (on a Mac: the one at `mac`). */
export type DeskKey = { combos: ReadonlyArray<Combo>; mac?: number }

export const DESK_KEYS = {
  save: { combos: [{ mod: true, key: 's' }] },
  doneNext: { combos: [{ mod: true, key: 'Enter' }] },
  confirm: { combos: [{ mod: true, shift: true, key: 'Enter' }] },
  next: { combos: [{ alt: true, key: 'ArrowDown' }] },
  prev: { combos: [{ alt: true, key: 'ArrowUp' }] },
  copySource: {
    combos: [
      { mod: true, key: 'Insert' },
      { ctrl: true, shift: true, key: 'f' },
    ],
    mac: 1,
  },
  insertTag: { combos: [{ key: 'F8' }, { ctrl: true, key: ',' }], mac: 1 },
  close: { combos: [{ key: 'Escape' }] },
  // A reviewer's verdicts are in review-keys.ts: they load with the review part (decision 035).
  help: { combos: [{ key: '?' }] },
} satisfies Record<string, DeskKey>

export type KeyEvent = { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }

function matchesCombo(event: KeyEvent, combo: Combo): boolean {
  const sameKey = combo.key.length === 1 ? event.key.toLowerCase() === combo.key : event.key === combo.key
  if (!sameKey || event.altKey !== Boolean(combo.alt)) return false
  // '?' is typed with Shift on most layouts.
  if (combo.key !== '?' && event.shiftKey !== Boolean(combo.shift)) return false
  if (combo.mod) return event.ctrlKey || event.metaKey
  if (combo.ctrl) return event.ctrlKey && !event.metaKey
  return !event.ctrlKey && !event.metaKey
}

export function isDeskKey(event: KeyEvent, deskKey: DeskKey): boolean {
  return deskKey.combos.some((combo) => matchesCombo(event, combo))
}

/** The combinations as aria-keyshortcuts names them (a `mod` key both ways). */
export function ariaKeys(deskKey: DeskKey): string {
  return deskKey.combos
    .flatMap((combo) => {
      const rest = [combo.alt ? 'Alt' : null, combo.shift ? 'Shift' : null, combo.key.length === 1 ? combo.key.toUpperCase() : combo.key]
        .filter((part) => part !== null)
        .join('+')
      if (combo.mod) return [`Control+${rest}`, `Meta+${rest}`]
      return [combo.ctrl ? `Control+${rest}` : rest]
    })
    .join(' ')
}

const MAC_KEY: Record<string, string> = { Enter: '↩', Escape: 'Esc', ArrowDown: '↓', ArrowUp: '↑' }
const PC_KEY: Record<string, () => string> = { Escape: () => 'Esc', ArrowDown: () => '↓', ArrowUp: () => '↑', Insert: () => m.key_insert() }

/** One combination as a keyboard of the platform labels it: "Strg+Enter", "⌘↩". */
export function comboLabel(combo: Combo, mac: boolean): string {
  const key = combo.key.length === 1 ? combo.key.toUpperCase() : combo.key
  if (mac) {
    // The order of a Mac's menus: ⌃ ⌥ ⇧ ⌘.
    return `${combo.ctrl ? '⌃' : ''}${combo.alt ? '⌥' : ''}${combo.shift ? '⇧' : ''}${combo.mod ? '⌘' : ''}${MAC_KEY[combo.key] ?? key}`
  }
  const parts = [combo.mod || combo.ctrl ? m.key_ctrl() : null, combo.alt ? 'Alt' : null, combo.shift ? m.key_shift() : null, PC_KEY[combo.key]?.() ?? key]
  return parts.filter((part) => part !== null).join('+')
}

/** The combination shown beside a control. */
export function keyLabel(deskKey: DeskKey, mac: boolean): string {
  const combo = (mac && deskKey.mac !== undefined ? deskKey.combos[deskKey.mac] : undefined) ?? deskKey.combos[0]!
  return comboLabel(combo, mac)
}

/** Whether the key goes to a text field when typed there (then only the editors' own keys act). */
export function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
}

/** The workspace's filter bar and the pickers: Alt+↓/↑ move from there too (decision 048). */
export const NAV_FROM = '[data-desk-nav]'
