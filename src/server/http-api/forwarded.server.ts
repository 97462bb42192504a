// Who is calling and on which host, behind a proxy or not. Without TRUST_PROXY the headers a
// client can write are ignored. With it, only the last X-Forwarded-For entry counts: the one
// our own proxy (or the portal in remote mode) appended — earlier entries are the client's.
export function clientAddressOf(headers: Headers, socketAddress: string | undefined, trustProxy: boolean): string {
  return clientAddressFrom(headers.get('x-forwarded-for'), socketAddress, trustProxy)
}

/** The same from X-Forwarded-For's value as node:http gives it (several such headers joined by ', '). */
export function clientAddressFrom(forwardedFor: string | null | undefined, socketAddress: string | undefined, trustProxy: boolean): string {
  if (trustProxy) {
    const entries = (forwardedFor ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
    const last = entries.at(-1)
    if (last) return last
  }
  return socketAddress ?? 'unknown'
}

export function hostOf(request: Request, trustProxy: boolean): string {
  const forwarded = trustProxy ? request.headers.get('x-forwarded-host')?.split(',').at(-1)?.trim() : undefined
  return forwarded || request.headers.get('host') || new URL(request.url).host
}

export function originOf(request: Request, trustProxy: boolean): string {
  const proto = trustProxy ? request.headers.get('x-forwarded-proto')?.split(',').at(-1)?.trim() : undefined
  // request.url is absolute and normalized: its scheme is what precedes the first ':'.
  const protocol = proto === 'http' || proto === 'https' ? proto : request.url.slice(0, request.url.indexOf(':')).toLowerCase()
  return `${protocol}://${hostOf(request, trustProxy)}`
}
