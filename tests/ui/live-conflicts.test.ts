import { describe, expect, it } from 'vitest'
import type { LiveChange } from '../../src/contract/translation-team'
import { conflictsWith } from '../../app/features/translation/live-store'
import type { PendingRow } from '../../app/features/translation/local-keys'

// When a colleague's save that the desk's poll brings in makes an unsaved edit a conflict at
// once (docs/decisions/049, "Claims and live saves").
const pending: PendingRow = {
  id: 'camille|vartext|fr|VT-1',
  owner: 'camille@demo.example',
  scope: 'vartext',
  dst: 'fr',
  key: 'VT-1',
  value: 'Ma version',
  base: '2026-11-27T10:00:00.000Z',
  editedAt: 0,
  state: 'pending',
  reason: null,
  theirs: null,
}
const change: LiveChange = {
  key: 'VT-1',
  value: 'Leur version',
  stamp: '2026-11-27T10:05:00.000Z',
  revision: 1,
  state: 'translated',
  by: 'Henrik Vogt (reviewer@demo.example)',
  username: 'reviewer@demo.example',
}

describe('conflictsWith', () => {
  it("is a conflict: someone else saved another text since the edit's base", () => {
    expect(conflictsWith(pending, change, pending.owner)).toBe(true)
    // A removal too.
    expect(conflictsWith(pending, { ...change, value: null, stamp: null }, pending.owner)).toBe(true)
  })

  it('is none for the value the edit is based on, for the same text, and for a conflict already marked with it', () => {
    expect(conflictsWith(pending, { ...change, stamp: pending.base }, pending.owner)).toBe(false)
    expect(conflictsWith(pending, { ...change, value: pending.value }, pending.owner)).toBe(false)
    const marked: PendingRow = { ...pending, state: 'conflict', theirs: { value: change.value, stamp: change.stamp, by: change.by, username: change.username } }
    expect(conflictsWith(marked, change, pending.owner)).toBe(false)
    // A newer save over a marked conflict: the other side is the newer one.
    expect(conflictsWith(marked, { ...change, stamp: '2026-11-27T10:06:00.000Z' }, pending.owner)).toBe(true)
  })

  it("is none for the user's own save (this device's save in flight, or another window's, found by the next save)", () => {
    expect(conflictsWith(pending, { ...change, username: pending.owner }, pending.owner)).toBe(false)
    // A save by nobody known is someone else's.
    expect(conflictsWith(pending, { ...change, by: null, username: null }, pending.owner)).toBe(true)
  })
})
