// The optional {location} prefix carried from the page a link is on to the
// page it opens: /muenchen/login → /muenchen/forgot-password. As a router params function.
export function keepLocation(previous: { location?: string }): { location: string | undefined } {
  return { location: previous.location }
}
