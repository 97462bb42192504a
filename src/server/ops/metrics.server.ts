import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import { registerRequestMetrics, type RequestStats } from './request-metrics.server'

// The portal's metrics (decision 041), in a registry of its own. They are only kept when
// someone can read them (METRICS_TOKEN or METRICS_PORT: the entry calls enableMetrics at
// start): otherwise every recording is a no-op. Labels stay few and bounded: the route id
// (an endpoint id, `page`, `asset` …), never a user or a raw path. The registry lives on
// globalThis: the entry and the app's bundle (login, jobs, the pool) each have a copy of this
// module and must fill the one registry /metrics reads.
type Metrics = {
  registry: Registry
  /** Requests by route and status: their count and durations (request-metrics.server.ts). */
  requests: RequestStats
  failedLogins: Counter
  jobSeconds: Histogram<'job' | 'outcome'>
}

declare global {
  var __portalMetrics: Metrics | undefined
}

export function enableMetrics(): Registry {
  globalThis.__portalMetrics ??= createMetrics()
  return globalThis.__portalMetrics.registry
}

/** The registry, when metrics are kept (to register more: the pool, the outbox). */
export function metricsRegistry(): Registry | undefined {
  return globalThis.__portalMetrics?.registry
}

function createMetrics(): Metrics {
  const registry = new Registry()
  // Event-loop delay, heap, garbage collection, CPU, open handles: prom-client's defaults.
  collectDefaultMetrics({ register: registry })
  const registers = [registry]
  return {
    registry,
    requests: registerRequestMetrics(registry),
    failedLogins: new Counter({ name: 'portal_login_failures_total', help: 'Logins refused for an unknown user or a wrong password.', registers }),
    jobSeconds: new Histogram({
      name: 'portal_job_duration_seconds',
      help: 'Long jobs (price_check, price_apply, xml_import, company_move) by outcome: done, refused (the input), failed.',
      labelNames: ['job', 'outcome'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
      registers,
    }),
  }
}

/** One answered request: counted by route and code, timed by route and class (2xx, 4xx …). */
export function recordRequest(route: string, status: number, seconds: number): void {
  globalThis.__portalMetrics?.requests.record(route, status, seconds)
}

export function recordFailedLogin(): void {
  globalThis.__portalMetrics?.failedLogins.inc()
}

export type JobOutcome = 'done' | 'refused' | 'failed'

export function recordJob(job: string, outcome: JobOutcome, seconds: number): void {
  globalThis.__portalMetrics?.jobSeconds.observe({ job, outcome }, seconds)
}
