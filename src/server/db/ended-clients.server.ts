import type pg from 'pg'

// A pooled connection that ends while it is handed out (the server went away, or a silent
// connection was ended: decision 050) goes back to the pool at once, which drops it. Its holder
// may never give it back: Drizzle's transaction sends `begin` before the block that releases the
// connection, so a `begin` that fails would keep it out of the pool for good, and after ten such
// failures every transaction would wait for a connection in vain. The holder's own release later
// does nothing; its queries fail as on any ended connection ("not queryable": 503).

type Release = (error?: Error | boolean) => void

/** Gives every connection of `pool` that ends while handed out back to the pool, at most once. */
export function releaseEndedClients(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    let out = false
    let release: Release | undefined
    // The pool sets `release` afresh at each hand-out; each one is made to act once.
    Object.defineProperty(client, 'release', {
      configurable: true,
      get: () => release,
      set: (next: Release) => {
        out = true
        let done = false
        release = (error) => {
          if (done) return
          done = true
          out = false
          next(error)
        }
      },
    })
    client.once('end', () => {
      if (out) release?.(new Error('PostgreSQL connection ended while in use'))
    })
  })
}
