import type pg from 'pg'
import { Gauge, Histogram, type Registry } from 'prom-client'
import { metricsRegistry } from './metrics.server'

// The database pool's metrics: connections in use, idle and requests waiting for one, read
// from the pool when scraped; and every query's duration, timed on each connection the pool
// opens (transactions included), at the cost of two clock reads per query.
type PoolMetrics = { pools: Set<pg.Pool>; querySeconds: Histogram }

declare global {
  var __portalPoolMetrics: PoolMetrics | undefined
}

/** Watches a `pg` pool when metrics are kept (nothing otherwise). */
export function watchPool(pool: pg.Pool): void {
  const registry = metricsRegistry()
  if (!registry) return
  globalThis.__portalPoolMetrics ??= createPoolMetrics(registry)
  const metrics = globalThis.__portalPoolMetrics
  metrics.pools.add(pool)
  pool.on('connect', (client) => timeQueries(client, metrics.querySeconds))
}

function createPoolMetrics(registry: Registry): PoolMetrics {
  const pools = new Set<pg.Pool>()
  const registers = [registry]
  const sum = (count: (pool: pg.Pool) => number) => {
    let total = 0
    for (const pool of pools) {
      if (pool.ended) pools.delete(pool)
      else total += count(pool)
    }
    return total
  }
  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'Database connections of the pool, in use by a query or transaction or idle.',
    labelNames: ['state'],
    registers,
    collect() {
      this.set(
        { state: 'in_use' },
        sum((pool) => pool.totalCount - pool.idleCount),
      )
      this.set(
        { state: 'idle' },
        sum((pool) => pool.idleCount),
      )
    },
  })
  new Gauge({
    name: 'portal_db_pool_waiting',
    help: 'Queries and transactions waiting for a free connection of the pool.',
    registers,
    collect() {
      this.set(sum((pool) => pool.waitingCount))
    },
  })
  const querySeconds = new Histogram({
    name: 'portal_db_query_duration_seconds',
    help: 'Duration of database statements sent through the pool.',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10, 60],
    registers,
  })
  return { pools, querySeconds }
}

function timeQueries(client: pg.PoolClient, histogram: Histogram): void {
  const query: unknown = Reflect.get(client, 'query')
  if (typeof query !== 'function') return
  Reflect.set(client, 'query', (...args: unknown[]) => {
    const began = performance.now()
    const done = () => histogram.observe((performance.now() - began) / 1000)
    // pg-pool's own pool.query passes a callback; drizzle awaits the promise.
    const callback = args.at(-1)
    if (typeof callback === 'function') {
      args[args.length - 1] = (...results: unknown[]) => {
        done()
        return Reflect.apply(callback, undefined, results)
      }
      return Reflect.apply(query, client, args)
    }
    const result: unknown = Reflect.apply(query, client, args)
    if (result instanceof Promise) result.then(done, done)
    return result
  })
}
