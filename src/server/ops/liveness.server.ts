// Liveness (decision 052): may this process go on, or should its supervisor (systemd,
// Kubernetes, Docker's restart policy) start it again? /health answers 200 while it may; the
// embedded database's keeper turns it down once the database it started has failed too often in
// a short time to be started again here. Kept on globalThis, as the database handle is, since
// the built server may hold more than one copy of this module.

export type Liveness = { alive: true } | { alive: false; reason: string }

declare global {
  var __portalLiveness: Liveness | undefined
}

export function liveness(): Liveness {
  return globalThis.__portalLiveness ?? { alive: true }
}

/** From now on /health answers 503: the process cannot recover by itself. */
export function giveUp(reason: string): void {
  globalThis.__portalLiveness = { alive: false, reason }
}

/** Tests: alive again. */
export function resetLiveness(): void {
  globalThis.__portalLiveness = undefined
}
