import { definePlugin } from 'nitro'
import { printBanner, startPortal, stopPortal } from './boot.server'

declare global {
  var __portalServerEntry: boolean | undefined
}

// The built server's own entry (node-entry.ts) runs start and stop in order. Elsewhere (the
// Vite dev server) this plugin starts the portal and closes it when nitro closes.
export default definePlugin((nitroApp) => {
  if (globalThis.__portalServerEntry) return
  startPortal().then(
    (started) => printBanner(started.where, started.elapsedMs),
    (error: unknown) => console.error(`[portal] cannot start: ${error instanceof Error ? error.message : String(error)}`),
  )
  nitroApp.hooks.hook('close', () => stopPortal())
})
