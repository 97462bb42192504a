import { describe, expect, it } from 'vitest'
import { isPage, takesRenderSlot } from '../../src/server/page-paths.server'

// The two rules of src/server/page-paths.server.ts: the app's entry redirects and answers
// outages only for pages; the built server's entry gives a render slot to everything the app
// answers but files and /health (server functions included).
describe('which paths are pages', () => {
  it('files are neither pages nor wait for a render slot', () => {
    for (const path of ['/assets/index-abc.js', '/assets/x', '/sw.js', '/logo.svg', '/manifest.webmanifest', '/Favicon.ICO']) {
      expect(isPage(path), path).toBe(false)
      expect(takesRenderSlot(path), path).toBe(false)
    }
  })

  it('/health is neither', () => {
    expect(isPage('/health')).toBe(false)
    expect(takesRenderSlot('/health')).toBe(false)
  })

  it('screens are both', () => {
    for (const path of ['/', '/login', '/companies/42', '/use-other-browser', '/translation/vartext/de']) {
      expect(isPage(path), path).toBe(true)
      expect(takesRenderSlot(path), path).toBe(true)
    }
  })

  it('server functions and /vue/ calls are no pages, but take a render slot when they reach the handler', () => {
    for (const path of ['/_serverFn/abc123', '/vue/maintenance/', '/vue/']) {
      expect(isPage(path), path).toBe(false)
      expect(takesRenderSlot(path), path).toBe(true)
    }
  })
})
