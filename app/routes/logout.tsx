import { createFileRoute, redirect } from '@tanstack/react-router'
import { logoutFn } from '../features/session/session.functions'

// /logout clears the session (both cookies) and goes home.
export const Route = createFileRoute('/logout')({
  loader: async () => {
    await logoutFn()
    throw redirect({ to: '/' })
  },
})
