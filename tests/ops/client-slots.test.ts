import { describe, expect, it } from 'vitest'
import { ClientSlots } from '../../src/server/ops/client-slots.server'

// Bodies still arriving (decision 051): a share per address, a bound for all, and a time bound
// that a body still arriving at the minimum rate is not held to. The built server's use of it
// is tested in e2e/slow-clients.spec.ts.
const limits = { perClient: 2, total: 3, bodyTimeoutMs: 3000, minBytesPerSecond: 100 }

function slots() {
  let now = 0
  const clock = { advance: (ms: number) => (now += ms) }
  return { slots: new ClientSlots(limits, () => now), clock }
}

const socket = () => ({ bytesRead: 0 })
const never = () => undefined

describe('places for bodies still arriving', () => {
  it('gives each address its share; past the total only an address with none gets one; a released place is free again', () => {
    const { slots: places } = slots()
    const first = places.take('10.0.0.1', socket(), never)
    const second = places.take('10.0.0.1', socket(), never)
    expect(places.take('10.0.0.1', socket(), never)).toBe('per-client')
    expect(places.count('10.0.0.1')).toBe(2)
    const other = places.take('10.0.0.2', socket(), never)
    const third = places.take('10.0.0.3', socket(), never)
    expect(places.count()).toBe(4)
    expect(places.take('10.0.0.3', socket(), never)).toBe('total')
    if (typeof first !== 'object' || typeof second !== 'object' || typeof other !== 'object' || typeof third !== 'object')
      throw new Error('a place was refused')
    first.release()
    first.release() // a second release gives back nothing more
    expect(places.count('10.0.0.1')).toBe(1)
    expect(places.count()).toBe(3)
    expect(places.take('10.0.0.1', socket(), never)).toBe('total')
    third.release()
    expect(typeof places.take('10.0.0.1', socket(), never)).toBe('object')
    expect(places.take('10.0.0.1', socket(), never)).toBe('per-client')
    second.release()
    other.release()
    expect(places.count('10.0.0.2')).toBe(0)
  })

  it('ends a body past its bound unless it arrives at the minimum rate, and frees its place', () => {
    const { slots: places, clock } = slots()
    const ended: string[] = []
    const drip = socket()
    const upload = socket()
    places.take('10.0.0.1', drip, () => ended.push('drip'))
    places.take('10.0.0.2', upload, () => ended.push('upload'))
    clock.advance(2999)
    drip.bytesRead += 3
    upload.bytesRead += 299_900
    places.check()
    expect(ended).toEqual([])
    clock.advance(1)
    places.check()
    expect(ended).toEqual(['drip'])
    expect(places.count('10.0.0.1')).toBe(0)
    // The upload slows below 100 bytes a second on average: ended too, once.
    clock.advance(3000_000)
    places.check()
    places.check()
    expect(ended).toEqual(['drip', 'upload'])
    expect(places.count()).toBe(0)
  })

  it('holds every body to its bound when there is no minimum rate', () => {
    let now = 0
    const places = new ClientSlots({ ...limits, minBytesPerSecond: 0 }, () => now)
    const ended: string[] = []
    const fast = socket()
    places.take('10.0.0.1', fast, () => ended.push('fast'))
    fast.bytesRead = 10_000_000
    now = 3000
    places.check()
    expect(ended).toEqual(['fast'])
  })
})
