// The localStorage key of the last session this browser saw: written by portal-session.ts,
// read by offline-session.ts. It lives here so offline-session.ts — loaded on demand by
// portal-session.ts — does not import back from the module that loads it.
export const STORED_SESSION_KEY = 'portal-last-session'
