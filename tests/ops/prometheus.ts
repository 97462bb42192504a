import parsePrometheusTextFormat from 'parse-prometheus-text-format'
import { z } from 'zod'

// A scrape as Prometheus reads it: parse-prometheus-text-format (prom2json's shape), checked.
// That parser (1.1.1) merges the samples of a labelled histogram into one, dropping labels,
// count and sum; so a histogram's per-label counts are read from a second pass in which its
// `_count` lines form a family of their own.
const sample = z.object({
  value: z.string().optional(),
  labels: z.record(z.string(), z.string()).optional(),
  buckets: z.record(z.string(), z.string()).optional(),
  count: z.string().optional(),
  sum: z.string().optional(),
})
const family = z.object({ name: z.string(), help: z.string(), type: z.string(), metrics: z.array(sample) })
export type Family = z.infer<typeof family>
export type Scrape = { families: Map<string, Family>; series: Map<string, Family> }

function parsed(text: string): Map<string, Family> {
  const families = new Map<string, Family>()
  // In the second pass one series comes in runs (a histogram's lines go by label set): joined.
  for (const entry of z.array(family).parse(parsePrometheusTextFormat(text))) {
    const known = families.get(entry.name)
    if (known) known.metrics.push(...entry.metrics)
    else families.set(entry.name, entry)
  }
  return families
}

export function parseScrape(text: string): Scrape {
  return { families: parsed(text), series: parsed(text.replace(/^(# TYPE \S+) histogram$/gm, '$1 untyped')) }
}

/** A counter's or gauge's value, or a histogram's count, for the sample with these labels; 0 when absent. */
export function valueOf(scrape: Scrape, name: string, labels: Record<string, string> = {}): number {
  const histogram = scrape.families.get(name)?.type === 'HISTOGRAM'
  const source = histogram ? scrape.series.get(`${name}_count`) : scrape.families.get(name)
  const found = source?.metrics.find((metric) => Object.entries(labels).every(([key, value]) => metric.labels?.[key] === value))
  return Number(found?.value ?? 0)
}

/** The label names used by the portal's own metrics (histogram buckets' `le` aside). */
export function portalLabels(scrape: Scrape): string[] {
  const names = [...scrape.series.values()]
    .filter((entry) => entry.name.startsWith('portal_'))
    .flatMap((entry) => entry.metrics.flatMap((metric) => Object.keys(metric.labels ?? {})))
  return [...new Set(names)].filter((name) => name !== 'le')
}
