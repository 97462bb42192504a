// The scroll to a text of the translation screens: 100 ms after it is opened, its
// top 160 px below the window's top, or as near as the page allows. Where it is is asked again
// on every frame until it has stayed put for a few: rows measured only once they are rendered,
// rows that leave a filtered list and editors that grow or shrink all move it after the first
// scroll, and a scroll computed once would leave the editor out of view (decision 048).

export const SCROLL_DELAY_MS = 100
export const SCROLL_OFFSET = -160

/** Frames the text must stay where it belongs before the scroll lets go. */
const SETTLED_FRAMES = 6
/** The longest the scroll follows the layout (about two seconds). */
const MAX_FRAMES = 120

let current: (() => void) | null = null

/**
 * Scrolls the window so that the top `topOf()` answers (in page coordinates; null when the text
 * is gone) sits SCROLL_OFFSET below the window's top. A later call, a wheel or a touch ends it.
 */
export function scrollIntoPlace(topOf: () => number | null): void {
  current?.()
  let frame = 0
  let settled = 0
  let raf = 0
  const timer = setTimeout(() => {
    raf = requestAnimationFrame(step)
  }, SCROLL_DELAY_MS)
  const stop = () => {
    clearTimeout(timer)
    cancelAnimationFrame(raf)
    for (const type of USER_SCROLLS) window.removeEventListener(type, stop)
    if (current !== stop) return
    current = null
    delete document.documentElement.dataset.deskScrolling
  }
  function step() {
    const top = topOf()
    if (top === null) return stop()
    const most = Math.max(0, document.documentElement.scrollHeight - window.innerHeight)
    const wanted = Math.round(Math.min(most, Math.max(0, top + SCROLL_OFFSET)))
    if (Math.abs(window.scrollY - wanted) < 1) settled += 1
    else {
      settled = 0
      window.scrollTo({ top: wanted, behavior: 'instant' })
    }
    frame += 1
    if (settled >= SETTLED_FRAMES || frame >= MAX_FRAMES) return stop()
    raf = requestAnimationFrame(step)
  }
  // The reader takes the page over: the scroll lets go.
  for (const type of USER_SCROLLS) window.addEventListener(type, stop, { passive: true })
  current = stop
  // While it follows the layout (the e2e tests wait for it to let go before they look).
  document.documentElement.dataset.deskScrolling = ''
}

const USER_SCROLLS = ['wheel', 'touchstart'] as const

/** An element's top in page coordinates. */
export function pageTop(element: Element): number {
  return element.getBoundingClientRect().top + window.scrollY
}
