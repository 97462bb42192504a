import { createFileRoute, redirect } from '@tanstack/react-router'
import { homeSearch } from '../features/session/home-search'
import { logoutFn } from '../features/session/session.functions'
import { safeRedirectPath } from '../../src/domain/landing'

// /logout clears the session (both cookies) and goes home; with ?redirect= (a path on this
// portal) it goes to the login page instead, which brings the next user back there.
export const Route = createFileRoute('/logout')({
  validateSearch: homeSearch,
  loaderDeps: ({ search }) => ({ redirect: search.redirect }),
  loader: async ({ deps }) => {
    await logoutFn()
    const back = safeRedirectPath(deps.redirect)
    if (back) throw redirect({ to: '/{-$location}/login', params: { location: undefined }, search: { redirect: back } })
    throw redirect({ to: '/' })
  },
})
