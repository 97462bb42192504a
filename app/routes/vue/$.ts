import { createFileRoute } from '@tanstack/react-router'
import { getRequestIP } from '@tanstack/react-start/server'
import { env } from '../../../src/server/env.server'
import { handleVueRequest } from '../../../src/server/vue/dispatch.server'
import { clientAddressOf } from '../../../src/server/vue/forwarded.server'

// Every /vue/ call goes to the one dispatcher that the endpoint definitions drive.
async function handle({ request }: { request: Request }): Promise<Response> {
  return handleVueRequest(request, { clientAddress: clientAddressOf(request.headers, getRequestIP(), env().TRUST_PROXY) })
}

export const Route = createFileRoute('/vue/$')({
  server: {
    // Every method, also OPTIONS, TRACE and unknown ones: the dispatcher answers each in the
    // envelope (without ANY they fell through to page rendering: a redirect, then a 500).
    handlers: { ANY: handle },
  },
})
