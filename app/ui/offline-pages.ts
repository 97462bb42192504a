// Pages kept in the browser's cache for offline use (the service worker's page cache).
export const PAGES_CACHE = 'pages'

/** On logout, pages kept for offline use (they show the signed-in user) are dropped. */
export async function forgetOfflinePages(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(PAGES_CACHE).catch(() => false)
}
