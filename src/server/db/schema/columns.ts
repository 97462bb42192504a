import { customType, timestamp } from 'drizzle-orm/pg-core'

// Shared column builders, so every table stores instants the same way (timestamptz, JS Date).
export function timestamptz(name: string) {
  return timestamp(name, { withTimezone: true, mode: 'date' })
}

export function createdAt() {
  return timestamptz('created_at').notNull().defaultNow()
}

export function updatedAt() {
  return timestamptz('updated_at').notNull().defaultNow()
}

// drizzle-orm 0.45 has no bytea builder; both pg (Buffer) and PGlite hand back a Uint8Array.
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType() {
    return 'bytea'
  },
})
