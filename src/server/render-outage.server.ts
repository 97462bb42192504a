import { AsyncLocalStorage } from 'node:async_hooks'

// A page whose render asked the database while it could not answer gets the short "back in a
// moment" page (503 with Retry-After, decision 050), not what the render made of the failure (the
// error screen with 500, or a screen without its data). The one place that turns a failure into
// an answer (`failureOf`) notes the reason on the render's record. On globalThis: the app's
// bundle and the server's entry may each hold a copy of this module.
type Watch = { why: string | null }

declare global {
  var __portalRenderWatch: AsyncLocalStorage<Watch> | undefined
}

function storage(): AsyncLocalStorage<Watch> {
  globalThis.__portalRenderWatch ??= new AsyncLocalStorage<Watch>()
  return globalThis.__portalRenderWatch
}

/** Runs a page's render; `unavailable` is why the database could not answer during it, or null. */
export async function watchRender<T>(render: () => Promise<T>): Promise<{ rendered: T; unavailable: string | null }> {
  const watch: Watch = { why: null }
  const rendered = await storage().run(watch, render)
  return { rendered, unavailable: watch.why }
}

/** The database could not answer (`why`: its code or message) for the render under way, if any. */
export function noteRenderUnavailable(why: string): void {
  const watch = storage().getStore()
  if (watch && watch.why === null) watch.why = why
}
