import { EventEmitter } from 'node:events'
import type { ServerResponse } from 'node:http'
import { describe, expect, it } from 'vitest'
import { PageSlots } from '../../src/server/page-slots.server'

// Pages a few at a time, the others first come, first served, and a freed slot handed on at the
// event loop's next turn (decision 033): what the socket lane's render gate promises. Under load
// in the built server it is measured by bench/load.ts (new connections while 200 are busy).

/** The part of a response the slots look at: its close, and whether it has gone or ended. */
class Answer extends EventEmitter {
  destroyed = false
  writableEnded = false
  finish(): void {
    this.writableEnded = true
    this.emit('close')
  }
}
const asResponse = (answer: Answer) => answer as unknown as ServerResponse
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

describe('page slots', () => {
  it('renders as many pages at once as it has slots, the rest in arrival order, skipping clients that left', async () => {
    const slots = new PageSlots(2)
    const answers = Array.from({ length: 5 }, () => new Answer())
    const started: number[] = []
    answers.forEach((answer, index) => slots.run(asResponse(answer), () => started.push(index)))
    expect(started).toEqual([0, 1])
    expect(slots.queued).toBe(3)
    // The client of the third page leaves while it waits: its turn goes to the fourth.
    answers[2]!.destroyed = true
    answers[1]!.finish()
    await nextTurn()
    expect(started).toEqual([0, 1, 3])
    answers[0]!.finish()
    answers[3]!.finish()
    await nextTurn()
    expect(started).toEqual([0, 1, 3, 4])
    answers[4]!.finish()
    await nextTurn()
    // Every slot free again: the next pages start at once.
    const later = [new Answer(), new Answer()]
    later.forEach((answer, index) => slots.run(asResponse(answer), () => started.push(10 + index)))
    expect(started).toEqual([0, 1, 3, 4, 10, 11])
    expect(slots.queued).toBe(0)
  })

  it('hands a freed slot on at the next turn of the event loop, so what waits on the loop runs between pages', async () => {
    const slots = new PageSlots(1)
    const log: string[] = []
    // Each page takes 2 ms of the thread and needs no database, as the desk's first paint from
    // the read cache does: it ends in the turn it started in.
    for (let index = 0; index < 30; index++) {
      const answer = new Answer()
      slots.run(asResponse(answer), () => {
        log.push(`page ${index}`)
        const until = performance.now() + 2
        while (performance.now() < until);
        // What the loop does meanwhile (accepting a connection, reading a socket) stands in as a
        // callback for its next turn, asked for while the second page renders.
        if (index === 1) setImmediate(() => log.push('loop'))
        queueMicrotask(() => answer.finish())
      })
    }
    const pages = () => log.filter((entry) => entry.startsWith('page'))
    while (pages().length < 30) await nextTurn()
    const loopAt = log.indexOf('loop')
    // Not after the whole queue (30 pages, 60 ms), as when a page's end started the next at once.
    expect(loopAt).toBeGreaterThan(1)
    expect(loopAt).toBeLessThan(15)
    expect(pages()).toEqual(Array.from({ length: 30 }, (_, index) => `page ${index}`))
  })
})
