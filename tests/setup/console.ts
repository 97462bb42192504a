import { afterEach, beforeEach, vi } from 'vitest'

// Two test files run at once (one per core, vitest.config.ts): each worker keeps what the server
// writes to DATA_DIR (upload spools, the mailbox, keys) in a folder of its own, so a file that
// counts what is in there sees only its own.
process.env.DATA_DIR = `./data/test/worker-${process.env.VITEST_POOL_ID ?? '1'}`

// A console.error during a test fails it (house style): the server must never log an
// unexpected error for any input a test sends.
let errors: unknown[][] = []

beforeEach(() => {
  errors = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args)
  })
})

afterEach(() => {
  vi.restoreAllMocks()
  if (errors.length > 0) {
    const first = errors[0]?.map((part) => (part instanceof Error ? part.stack : String(part))).join(' ')
    throw new Error(`console.error was called ${errors.length} time(s): ${first}`)
  }
})
