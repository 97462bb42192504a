import type { ServerResponse } from 'node:http'

// Pages are rendered a few at a time, the others wait in arrival order (decision 033). A page is
// CPU work on the one thread; rendering 200 at once interleaves them unevenly — most take a
// second, some ten — and holds 200 pages in memory. First come, first served bounds every
// wait by the queue ahead of it; MAX_IN_FLIGHT bounds the queue (503 beyond it).
//
// A freed slot goes to the next page on the event loop's next turn, not at once: a render that
// finishes without waiting for the database would otherwise start the next one in the same turn,
// and the whole queue — 200 pages, half a second — would be rendered before the loop looks at
// its sockets again. Node accepts one new connection per turn, so a visitor's new connection
// waited in the kernel's queue for seconds (decision 033, "A turn of the loop per page").
export class PageSlots {
  private free: number
  private readonly waiting: Array<{ res: ServerResponse; start: () => void }> = []

  constructor(size: number) {
    this.free = size
  }

  /** Runs `render` when a slot is free; the slot is given back when the answer has gone (or the client went away). */
  run(res: ServerResponse, render: () => unknown): void {
    const start = () => {
      res.once('close', () => this.release())
      void render()
    }
    if (this.free > 0) {
      this.free -= 1
      start()
      return
    }
    this.waiting.push({ res, start })
  }

  /** Pages waiting for a slot. */
  get queued(): number {
    return this.waiting.length
  }

  private release(): void {
    if (this.waiting.length === 0) this.free += 1
    else setImmediate(() => this.handOn())
  }

  /** The freed slot to the first page whose client is still there; a client that left while waiting needs no render. */
  private handOn(): void {
    let next = this.waiting.shift()
    while (next && (next.res.destroyed || next.res.writableEnded)) next = this.waiting.shift()
    if (next) next.start()
    else this.free += 1
  }
}
