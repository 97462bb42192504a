import { describe, expect, it } from 'vitest'
import { endedSwitchOf } from '../../app/features/session/switch-ended-search'

// /switch-user?ended=<user>&after=<minutes>: the notice of a switch that ended by time (decision 055).
describe('endedSwitchOf', () => {
  it('reads the user and the minutes', () => {
    expect(endedSwitchOf({ ended: 'carpenter@demo.example', after: '60' })).toEqual({ user: 'carpenter@demo.example', minutes: 60 })
    expect(endedSwitchOf({ ended: 'carpenter@demo.example', after: 60, email: '' })).toEqual({ user: 'carpenter@demo.example', minutes: 60 })
  })

  it.each([
    {},
    { ended: '', after: '60' },
    { ended: 'a@b.example' },
    { ended: 'a@b.example', after: '0' },
    { ended: 'a@b.example', after: '1441' },
    { ended: ['a'], after: '60' },
    { ended: 'x'.repeat(255), after: '60' },
    null,
    'ended=a',
  ])('reads %j as no notice', (search) => {
    expect(endedSwitchOf(search)).toBeNull()
  })
})
