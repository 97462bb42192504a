// Which request paths are pages, for the two places that ask. Files never are: the build's
// /assets/… and any name with an extension (/sw.js, /logo.svg, /manifest.webmanifest).
//
// Two rules, because the two callers ask two questions. The app's entry (app/server.ts) asks
// "is this a page the router renders?" to send Internet Explorer to its notice, to redirect a
// shop domain and to answer a database outage with the "back in a moment" page — never for a
// /vue/ or /_serverFn call, which answer in their own format. The built server's entry
// (node-entry.ts, through socket-lane.server.ts) asks "does this wait for a render slot?"
// (decision 033): everything Start's handler answers by running the app, server functions
// included, and a /vue/ call too when the app has not published its lane (decision 024).

/** A file, not a page: /assets/… or a path ending in an extension. */
function isFilePath(path: string): boolean {
  return path.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(path)
}

/** A page the router renders: not a file, not /health, not a /vue/ or server-function call. */
export function isPage(path: string): boolean {
  return !isFilePath(path) && !path.startsWith('/vue/') && !path.startsWith('/_serverFn') && path !== '/health'
}

/** A request that takes one of MAX_PAGE_RENDERS slots: anything the app answers but /health and files. */
export function takesRenderSlot(path: string): boolean {
  return path !== '/health' && !isFilePath(path)
}
