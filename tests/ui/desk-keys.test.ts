import { afterEach, describe, expect, it } from 'vitest'
import { DESK_KEYS, ariaKeys, comboLabel, isDeskKey, keyLabel, type KeyEvent } from '../../app/features/translation/desk-keys'
import { baseLocale, overwriteGetLocale } from '../../src/paraglide/runtime'

// The desk's key table (decision 048): what each key matches, and how it is shown and named.
afterEach(() => overwriteGetLocale(() => baseLocale))

const press = (key: string, modifiers: Partial<Omit<KeyEvent, 'key'>> = {}): KeyEvent => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...modifiers,
})

describe('isDeskKey', () => {
  it('takes Ctrl or ⌘ for a `mod` key, and tells Ctrl+Enter from Ctrl+Shift+Enter', () => {
    expect(isDeskKey(press('s', { ctrlKey: true }), DESK_KEYS.save)).toBe(true)
    expect(isDeskKey(press('S', { metaKey: true }), DESK_KEYS.save)).toBe(true)
    expect(isDeskKey(press('s'), DESK_KEYS.save)).toBe(false)
    expect(isDeskKey(press('S', { ctrlKey: true, shiftKey: true }), DESK_KEYS.save)).toBe(false)
    expect(isDeskKey(press('Enter', { ctrlKey: true }), DESK_KEYS.doneNext)).toBe(true)
    expect(isDeskKey(press('Enter', { ctrlKey: true, shiftKey: true }), DESK_KEYS.doneNext)).toBe(false)
    expect(isDeskKey(press('Enter', { metaKey: true, shiftKey: true }), DESK_KEYS.confirm)).toBe(true)
  })

  it('takes the Control key itself where ⌘ belongs to the browser, and the plain keys without modifiers', () => {
    expect(isDeskKey(press('F', { ctrlKey: true, shiftKey: true }), DESK_KEYS.copySource)).toBe(true)
    expect(isDeskKey(press('F', { metaKey: true, shiftKey: true }), DESK_KEYS.copySource)).toBe(false)
    expect(isDeskKey(press('Insert', { ctrlKey: true }), DESK_KEYS.copySource)).toBe(true)
    expect(isDeskKey(press('F8'), DESK_KEYS.insertTag)).toBe(true)
    expect(isDeskKey(press('F8', { ctrlKey: true }), DESK_KEYS.insertTag)).toBe(false)
    expect(isDeskKey(press(',', { ctrlKey: true }), DESK_KEYS.insertTag)).toBe(true)
    expect(isDeskKey(press(',', { metaKey: true }), DESK_KEYS.insertTag)).toBe(false)
    expect(isDeskKey(press('ArrowDown', { altKey: true }), DESK_KEYS.next)).toBe(true)
    expect(isDeskKey(press('ArrowDown'), DESK_KEYS.next)).toBe(false)
    // '?' is typed with Shift on most layouts.
    expect(isDeskKey(press('?', { shiftKey: true }), DESK_KEYS.help)).toBe(true)
  })
})

describe('key labels', () => {
  it('labels a PC keyboard in the reader’s language, and a Mac’s with its symbols', () => {
    overwriteGetLocale(() => 'en')
    expect(keyLabel(DESK_KEYS.doneNext, false)).toBe('Ctrl+Enter')
    expect(keyLabel(DESK_KEYS.confirm, false)).toBe('Ctrl+Shift+Enter')
    expect(keyLabel(DESK_KEYS.copySource, false)).toBe('Ctrl+Insert')
    expect(keyLabel(DESK_KEYS.next, false)).toBe('Alt+↓')
    expect(keyLabel(DESK_KEYS.doneNext, true)).toBe('⌘↩')
    expect(keyLabel(DESK_KEYS.confirm, true)).toBe('⇧⌘↩')
    // A Mac has no Insert key and F-keys that are media keys: its own combination is shown.
    expect(keyLabel(DESK_KEYS.copySource, true)).toBe('⌃⇧F')
    expect(keyLabel(DESK_KEYS.insertTag, true)).toBe('⌃,')
    expect(keyLabel(DESK_KEYS.close, true)).toBe('Esc')
    overwriteGetLocale(() => 'de')
    expect(keyLabel(DESK_KEYS.copySource, false)).toBe('Strg+Einfg')
    expect(comboLabel({ ctrl: true, shift: true, key: 'f' }, false)).toBe('Strg+Umschalt+F')
    expect(keyLabel(DESK_KEYS.save, false)).toBe('Strg+S')
  })

  it('names every combination for aria-keyshortcuts, a `mod` key both ways', () => {
    expect(ariaKeys(DESK_KEYS.save)).toBe('Control+S Meta+S')
    expect(ariaKeys(DESK_KEYS.copySource)).toBe('Control+Insert Meta+Insert Control+Shift+F')
    expect(ariaKeys(DESK_KEYS.insertTag)).toBe('F8 Control+,')
    expect(ariaKeys(DESK_KEYS.prev)).toBe('Alt+ArrowUp')
  })
})
