import { createIsomorphicFn, getGlobalStartContext } from '@tanstack/react-start'
import { isRecord } from './guards'
import { screenHint } from './screen-queries'

// The screen hint of the page being rendered (docs/decisions/062-screen-hint.md): on the server,
// what app/server.ts read from the request's screen cookie for a page rendered for it (none for
// a page of the render cache, which serves every screen); in the browser, hydrating, the value
// the server stamped on <html data-screen> (app/routes/__root.tsx), so both renders take the
// same forms. Read per call, from the request's context or the document: no React context, so
// the page's root carries no more than the stamp.
export const pageScreenHint = createIsomorphicFn()
  .server((): string | null => {
    try {
      const context: unknown = getGlobalStartContext()
      return isRecord(context) && typeof context.screen === 'string' ? screenHint(context.screen) : null
    } catch {
      return null // outside a request: no hint
    }
  })
  .client((): string | null => screenHint(document.documentElement.dataset.screen))
