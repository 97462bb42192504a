// A server-rendered page is whole without its scripts, so they start after its first paint
// (docs/decisions/035-page-weight.md): the page's module preloads and its entry script are taken
// out of the HTML and one small inline module (with the page's nonce) adds the same preloads and
// imports the entry once the browser has painted — or at once in a tab nobody sees. Before, some 35
// script requests started with the page and shared a phone's bandwidth with its stylesheet:
// Lighthouse's mobile LCP of the login page 2.6 s against the static page's 0.65 s; after, 0.77 s.

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g
const ENTRY = /<script type="module" async="" src="([^"]+)" nonce="([^"]+)"><\/script>/

/**
 * The inline module that starts the page's scripts after its first contentful paint (as the
 * browser reports it); at once in a tab nobody sees, and after 3 s whatever happened.
 */
export function scriptsAfterPaint(entry: string, preloads: ReadonlyArray<string>, nonce: string): string {
  // The preloads (each append starts a fetch, ~2 ms on a slow phone) four to a task, so no task
  // of the page's start is long; the entry (the first preload) once they are all in the page.
  // Imported sooner, the router would ask for the route's chunk while preloads were still to
  // come, and Vite's preload helper would append the rest itself, all in one task (some 30 ms
  // of a slow phone's hydration on the companies screen).
  const start = `let started=false;const start=()=>{if(started)return;started=true;const hrefs=${JSON.stringify(preloads)};const more=()=>{for(const href of hrefs.splice(0,4)){const link=document.createElement('link');link.rel='modulepreload';link.href=href;document.head.append(link)}if(hrefs.length>0)setTimeout(more);else import(${JSON.stringify(entry)})};more()};`
  const painted = `if(PerformanceObserver.supportedEntryTypes?.includes('paint'))new PerformanceObserver((list,observer)=>{if(list.getEntriesByName('first-contentful-paint').length>0){observer.disconnect();setTimeout(start)}}).observe({type:'paint',buffered:true});else requestAnimationFrame(()=>requestAnimationFrame(()=>setTimeout(start)));`
  const when = `if(document.visibilityState==='hidden')start();else{document.addEventListener('visibilitychange',start,{once:true});${painted}setTimeout(start,3000)}`
  return `<script type="module" nonce="${nonce}">${start}${when}</script>`
}

/**
 * An HTML page's byte stream with its scripts started after the first paint, and `headScript`
 * (for what a user does before they run: app/ui/held-submit.ts) as a classic script with `nonce`
 * at the end of the head. The page is read as Latin-1 (one character per byte, so UTF-8 text passes
 * through as it came) up to its entry script; every byte after it goes through untouched.
 */
export function startScriptsAfterPaint(nonce: string, headScript = ''): TransformStream<Uint8Array, Uint8Array> {
  const preloads: string[] = []
  let carry = ''
  let done = false
  let headDone = headScript === ''
  const rewrite = (text: string) => {
    if (!headDone && text.includes('</head>')) {
      headDone = true
      text = text.replace('</head>', `<script nonce="${nonce}">${headScript}</script></head>`)
    }
    const withoutPreloads = text.replace(PRELOAD, (_tag, href: string) => {
      preloads.push(href)
      return ''
    })
    return withoutPreloads.replace(ENTRY, (_tag, entry: string, nonce: string) => {
      done = true
      return scriptsAfterPaint(entry, preloads, nonce)
    })
  }
  return new TransformStream({
    transform(chunk, controller) {
      if (done) return controller.enqueue(chunk)
      const text = carry + Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1')
      // A tag, or a script element, cut by the chunk's end waits for the rest.
      const open = text.lastIndexOf('<')
      const script = text.lastIndexOf('<script')
      let cut = open !== -1 && text.indexOf('>', open) === -1 ? open : text.length
      if (script !== -1 && text.indexOf('</script>', script) === -1) cut = Math.min(cut, script)
      carry = text.slice(cut)
      const head = text.slice(0, cut)
      if (head) controller.enqueue(Buffer.from(rewrite(head), 'latin1'))
      if (done && carry) {
        controller.enqueue(Buffer.from(carry, 'latin1'))
        carry = ''
      }
    },
    flush(controller) {
      if (carry) controller.enqueue(Buffer.from(rewrite(carry), 'latin1'))
    },
  })
}

/** The page with its scripts started after the first paint (and `headScript`, with the page's `nonce`); any other answer as it is. */
export function withScriptsAfterPaint(response: Response, nonce: string, headScript = ''): Response {
  if (!response.body || !(response.headers.get('content-type') ?? '').includes('text/html')) return response
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  const body = response.body.pipeThrough(startScriptsAfterPaint(nonce, headScript))
  return new Response(body, { status: response.status, statusText: response.statusText, headers })
}
