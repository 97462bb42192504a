// The Node options the built server runs with, everywhere it is started (npm start, e2e, bench).
// Plain JavaScript: scripts/start.mjs, which plain Node runs, imports it (decision 060).
// --experimental-async-context-frame: AsyncLocalStorage (Start's request scope) without Node 22's
// promise hooks, which otherwise run on every promise of every request once any page has used
// it — measured +20–30 % req/s on a cached /vue/ call (decision 024). It is Node 24's default.
export const SERVER_NODE_FLAGS = ['--experimental-async-context-frame']
