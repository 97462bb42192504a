import { env } from '../env.server'

// A switch to another user lasts SWITCH_USER_MINUTES from the switch. A switched token is
// issued at the switch, so its `iat` is when the switch began: no claim of its own (decision 055).

/** When the switch a switched token was issued for ends. */
export function switchEndsAtMs(issuedAtMs: number): number {
  return issuedAtMs + env().SWITCH_USER_MINUTES * 60_000
}

/** A switched session past its time: only the way back takes its token. */
export function hasSwitchEnded(caller: { actorUserId: number | null; issuedAtMs: number }, nowMs: number): boolean {
  return caller.actorUserId !== null && nowMs >= switchEndsAtMs(caller.issuedAtMs)
}
