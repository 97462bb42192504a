import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { scriptsAfterPaint, startScriptsAfterPaint, withScriptsAfterPaint } from '../../app/request/scripts-after-paint.server'
import { HOLD_SUBMITS_SCRIPT } from '../../app/ui/held-submit'

// A page's scripts start after its first paint (decision 035): the module preloads and the
// entry script leave the HTML for one inline module that adds them back, wherever the server's
// stream cuts the page.
const PAGE = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8" nonce="N0nce=="/>',
  '<link rel="stylesheet" href="/assets/index.css" nonce="N0nce=="/>',
  '<link rel="modulepreload" href="/assets/index-A.js" fetchPriority="low" nonce="N0nce=="/>',
  '<link rel="modulepreload" href="/assets/react-B.js" fetchPriority="low" nonce="N0nce=="/>',
  '<title>Anmelden – Übersicht</title></head><body><main><h1>Größe ✓ 😀</h1><script nonce="N0nce==">if (a<b) x()</script></main>',
  '<script type="module" async="" src="/assets/index-A.js" nonce="N0nce=="></script>',
  '<footer>Möbel – Türen 😀</footer></body></html>',
].join('')

const BYTES = new TextEncoder().encode(PAGE)

const AFTER = PAGE.replace(/<link rel="modulepreload"[^>]*>/g, '')
  .replace('</head>', `<script nonce="N0nce==">${HOLD_SUBMITS_SCRIPT}</script></head>`)
  .replace(
    /<script type="module" async="" src="[^"]+" nonce="N0nce=="><\/script>/,
    scriptsAfterPaint('/assets/index-A.js', ['/assets/index-A.js', '/assets/react-B.js'], 'N0nce=='),
  )

async function through(chunks: Uint8Array[]): Promise<string> {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk)
      controller.close()
    },
  }).pipeThrough(startScriptsAfterPaint('N0nce==', HOLD_SUBMITS_SCRIPT))
  const parts: Uint8Array[] = []
  for await (const chunk of stream) parts.push(chunk)
  return Buffer.concat(parts).toString('utf8')
}

describe('scripts after the first paint', () => {
  it('moves the preloads and the entry into one inline module with the page nonce', async () => {
    const text = await through([BYTES])
    expect(text).toBe(AFTER)
    expect(text).not.toContain('rel="modulepreload"')
    expect(text).toContain('<script type="module" nonce="N0nce==">')
    expect(text).toContain('import("/assets/index-A.js")')
    expect(text).toContain('["/assets/index-A.js","/assets/react-B.js"]')
    // The rest of the page as it was, inline scripts included.
    expect(text).toContain('<script nonce="N0nce==">if (a<b) x()</script>')
  })

  it('holds a submit sent before the scripts run: a classic script with the nonce, once, ending the head', async () => {
    const text = await through([BYTES])
    const head = text.slice(0, text.indexOf('</head>'))
    expect(head.endsWith(`<script nonce="N0nce==">${HOLD_SUBMITS_SCRIPT}</script>`)).toBe(true)
    expect(text.split(HOLD_SUBMITS_SCRIPT)).toHaveLength(2)
    // A page without a head end (a fragment) gets none.
    const fragment = new TextEncoder().encode('<main>x</main>')
    const stream = new Response(fragment).body!.pipeThrough(startScriptsAfterPaint('N0nce==', HOLD_SUBMITS_SCRIPT))
    expect(await new Response(stream).text()).toBe('<main>x</main>')
  })

  it('gives the same page wherever the stream is cut (generated)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.integer({ min: 1, max: BYTES.length - 1 }), { maxLength: 12 }), async (cuts) => {
        // Cut at bytes, so also inside a character of several bytes.
        const at = [0, ...cuts.sort((a, b) => a - b), BYTES.length]
        const chunks = at.slice(1).map((end, i) => BYTES.slice(at[i], end))
        expect(await through(chunks)).toBe(AFTER)
      }),
      { seed: 28, numRuns: 300 },
    )
  })

  it('leaves answers other than pages as they are', async () => {
    const json = new Response('{"a":1}', { headers: { 'content-type': 'application/json' } })
    expect(withScriptsAfterPaint(json, 'N0nce==', HOLD_SUBMITS_SCRIPT)).toBe(json)
    const page = withScriptsAfterPaint(
      new Response(PAGE, { headers: { 'content-type': 'text/html; charset=utf-8', 'content-length': String(PAGE.length) } }),
      'N0nce==',
      HOLD_SUBMITS_SCRIPT,
    )
    expect(page.headers.get('content-length')).toBeNull()
    expect(await page.text()).toBe(AFTER)
  })
})
