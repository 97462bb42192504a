import { afterEach, beforeEach, vi } from 'vitest'

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
