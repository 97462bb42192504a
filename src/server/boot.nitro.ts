import { definePlugin } from 'nitro'
import { bootServer, shutdownServer } from './boot.server'

// Opens, migrates and (embedded default) seeds the database as the server starts, and
// closes it on shutdown so the process exits after SIGTERM.
export default definePlugin((nitroApp) => {
  void bootServer()
  nitroApp.hooks.hook('close', async () => {
    await shutdownServer()
  })
})
