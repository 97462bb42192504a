import { createFileRoute } from '@tanstack/react-router'
import { liveness } from '../../src/server/ops/liveness.server'

// Liveness for supervisors and load balancers and the benchmark's fixed-JSON baseline: no
// database query, no auth. 503 only once the process cannot recover by itself (an embedded
// database that failed too often to be started again, decision 052): a supervisor restarts it.
export const Route = createFileRoute('/health')({
  server: {
    handlers: {
      GET: () => {
        const now = liveness()
        return now.alive
          ? Response.json({ status: true, messages: [], data: { ok: true } }, { headers: { 'cache-control': 'no-store' } })
          : Response.json({ status: false, messages: [now.reason], data: { ok: false } }, { status: 503, headers: { 'cache-control': 'no-store' } })
      },
    },
  },
})
