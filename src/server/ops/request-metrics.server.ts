import { Counter, Histogram, type MetricObjectWithValues, type MetricValueWithName, type Registry } from 'prom-client'

// The request metrics (decision 041): counted per request in plain numbers — a map lookup and a
// bucket found among twelve — and handed to prom-client only when /metrics is scraped. Its own
// Counter and Histogram hash their labels and walk their objects on every observation, which
// bench:api's logging step measured at about a microsecond a request, as much as the whole
// request line. They stay the types the registry formats: these two are its Counter and
// Histogram with `get` answered from the numbers kept here.
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10]

/** One route and status: its count, and its durations by bucket (not cumulative; the last is past 10 s). */
type Cell = { count: number; sum: number; buckets: Float64Array }

export class RequestStats {
  private readonly routes = new Map<string, Map<number, Cell>>()

  record(route: string, status: number, seconds: number): void {
    let byStatus = this.routes.get(route)
    if (!byStatus) {
      byStatus = new Map()
      this.routes.set(route, byStatus)
    }
    let cell = byStatus.get(status)
    if (!cell) {
      cell = { count: 0, sum: 0, buckets: new Float64Array(BUCKETS.length + 1) }
      byStatus.set(status, cell)
    }
    let bucket = 0
    while (bucket < BUCKETS.length && seconds > BUCKETS[bucket]!) bucket += 1
    cell.count += 1
    cell.sum += seconds
    cell.buckets[bucket] = (cell.buckets[bucket] ?? 0) + 1
  }

  /** Every route and status with its cell. */
  *cells(): Generator<{ route: string; status: number; cell: Cell }> {
    for (const [route, byStatus] of this.routes) for (const [status, cell] of byStatus) yield { route, status, cell }
  }
}

type Values = MetricObjectWithValues<MetricValueWithName<string>>

const COUNTER = { name: 'portal_http_requests_total', help: 'Requests answered, by route id and status code.' }
const HISTOGRAM = { name: 'portal_http_request_duration_seconds', help: 'Time from the request to the end of its answer, by route id and status class.' }

class RequestCounter extends Counter<'route' | 'status'> {
  constructor(
    private readonly stats: RequestStats,
    registers: Registry[],
  ) {
    super({ ...COUNTER, labelNames: ['route', 'status'], registers })
  }

  // prom-client's own answer (name, help, type, aggregator), with the values kept here.
  override async get(): Promise<Values> {
    const values = [...this.stats.cells()].map(({ route, status, cell }) => ({ labels: { route, status }, value: cell.count }))
    return { ...(await super.get()), values }
  }
}

class RequestHistogram extends Histogram<'route' | 'status_class'> {
  // An empty, unregistered twin whose own answer gives the name, help, type and aggregator (this
  // one's get cannot ask its parent: prom-client's Histogram.get reads getForPromString, below).
  private readonly twin: Histogram<'route' | 'status_class'>

  constructor(
    private readonly stats: RequestStats,
    registers: Registry[],
  ) {
    const settings = { ...HISTOGRAM, labelNames: ['route', 'status_class'] as const, buckets: BUCKETS }
    super({ ...settings, registers })
    this.twin = new Histogram({ ...settings, registers: [] })
  }

  override async get(): Promise<Values> {
    // Statuses summed into their class (2xx, 4xx …): the histogram's label is the class.
    const classes = new Map<string, { route: string; statusClass: string; count: number; sum: number; buckets: number[] }>()
    for (const { route, status, cell } of this.stats.cells()) {
      const statusClass = `${Math.floor(status / 100)}xx`
      const key = `${route} ${statusClass}`
      let total = classes.get(key)
      if (!total) {
        total = { route, statusClass, count: 0, sum: 0, buckets: BUCKETS.map(() => 0) }
        classes.set(key, total)
      }
      total.count += cell.count
      total.sum += cell.sum
      for (let index = 0; index < BUCKETS.length; index += 1) total.buckets[index]! += cell.buckets[index] ?? 0
    }
    const name = HISTOGRAM.name
    const values: Array<MetricValueWithName<string>> = []
    for (const { route, statusClass, count, sum, buckets } of classes.values()) {
      const labels = { route, status_class: statusClass }
      let below = 0
      BUCKETS.forEach((bound, index) => {
        below += buckets[index] ?? 0
        values.push({ metricName: `${name}_bucket`, labels: { ...labels, le: bound }, value: below })
      })
      values.push({ metricName: `${name}_bucket`, labels: { ...labels, le: '+Inf' }, value: count })
      values.push({ metricName: `${name}_sum`, labels, value: sum })
      values.push({ metricName: `${name}_count`, labels, value: count })
    }
    return { ...(await this.twin.get()), values }
  }

  // What the registry reads for the text format (prom-client's Histogram has its own).
  getForPromString(): Promise<Values> {
    return this.get()
  }
}

/** The request metrics in `registry`; returns what each request is recorded in. */
export function registerRequestMetrics(registry: Registry): RequestStats {
  const stats = new RequestStats()
  new RequestCounter(stats, [registry])
  new RequestHistogram(stats, [registry])
  return stats
}
