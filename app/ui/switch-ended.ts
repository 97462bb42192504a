// Where a switch that ended by time lands: the switch-user screen, saying whose switch ended
// and after how long (decision 055).
export function switchEndedHref(user: string, minutes: number): string {
  return `/switch-user?ended=${encodeURIComponent(user)}&after=${minutes}`
}
