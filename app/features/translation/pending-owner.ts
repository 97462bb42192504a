import { useEffect, useState } from 'react'
import type { TranslationAccess } from './translation-access'

// Whose edits a translation screen shows and sends (docs/decisions/014-translation-local-first.md):
// the edits on the device belong to the user who typed them. A second user of the same browser
// never sees or sends the first one's; they stay on the device until that user is back. Without a
// session (expired, or offline before signing in) the screens show the queue of the last user
// signed in here, who is the one asked to sign in again to send it.

const LAST_USER = 'portal:translation:last-user'

let current = ''
let translating = false
let reviewing = false

/**
 * Whether the user of the open screen may load from the server (signed in with CAN_TRANSLATE):
 * parts that fetch on their own (the glossary) ask first, so a visitor never sends a refused call.
 * Set as the screen renders, before its parts subscribe.
 */
export function mayLoadFromServer(): boolean {
  return translating
}

/** Whether the user of the open screen may approve and send back (CAN_REVIEW, docs/decisions/049): an XLIFF import's approvals ask. */
export function mayReview(): boolean {
  return reviewing
}

/** The owner of the edits typed now (set by the screen on show; '' before anyone signed in here). */
export function currentOwner(): string {
  return current
}

function lastUser(): string {
  try {
    return localStorage.getItem(LAST_USER) ?? ''
  } catch {
    return ''
  }
}

/**
 * The owner of the screen's edits: the signed-in user, else the last one signed in on this
 * browser ('' before anyone was); null until the page has taken over (no edits shown).
 */
export function usePendingOwner(access: TranslationAccess): string | null {
  // The server renders without a browser's storage: the owner is known once the page has taken over.
  const [owner, setOwner] = useState<string | null>(null)
  const { username } = access
  translating = access.canTranslate
  reviewing = access.canReview === true
  useEffect(() => {
    if (username) {
      try {
        localStorage.setItem(LAST_USER, username)
      } catch {
        // Storage blocked: this page still knows.
      }
    }
    const next = username ?? lastUser()
    current = next
    setOwner(next)
  }, [username])
  return owner
}
