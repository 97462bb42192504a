import { createFileRoute } from '@tanstack/react-router'

// Liveness for load balancers and the benchmark's fixed-JSON baseline: no database, no auth.
export const Route = createFileRoute('/health')({
  server: {
    handlers: {
      GET: () => Response.json({ status: true, messages: [], data: { ok: true } }, { headers: { 'cache-control': 'no-store' } }),
    },
  },
})
