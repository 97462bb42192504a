import type { ApiAnswer } from './api-answer.server'

// The /vue/ lane between the built server's entry and the app's bundle (decision 024). The
// entry (src/server/node-entry.ts) is bundled apart from the app: importing the dispatcher there
// would make a second copy of every handler and read cache. Instead the app's server entry
// (app/server.ts) publishes its dispatcher here when its bundle loads, and the built server's
// entry calls that one copy for /vue/ requests, past nitro's router and Start's request scope.
export type VueLane = (request: Request, socketAddress: string | undefined) => Promise<ApiAnswer>

declare global {
  var __portalVueLane: VueLane | undefined
}

export function publishVueLane(lane: VueLane): void {
  globalThis.__portalVueLane = lane
}

/** The published lane; undefined until the app's bundle has loaded. */
export function vueLane(): VueLane | undefined {
  return globalThis.__portalVueLane
}
