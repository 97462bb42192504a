import type { ServerResponse } from 'node:http'

// Pages are rendered a few at a time, the others wait in arrival order (decision 033). A page is
// CPU work on the one thread; rendering 200 at once interleaves them unevenly — most take a
// second, some ten — and holds 200 pages in memory. First come, first served bounds every
// wait by the queue ahead of it; MAX_IN_FLIGHT bounds the queue (503 beyond it).
export class PageSlots {
  private free: number
  private readonly waiting: Array<() => void> = []

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
    const turn = () => {
      // A client that left while waiting needs no render; its turn goes to the next.
      if (res.destroyed || res.writableEnded) this.release()
      else start()
    }
    this.waiting.push(turn)
  }

  private release(): void {
    const next = this.waiting.shift()
    if (next) next()
    else this.free += 1
  }
}
