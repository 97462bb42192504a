// Types for parse-prometheus-text-format (it ships none): the families of a Prometheus text page.
declare module 'parse-prometheus-text-format' {
  type Labels = Record<string, string>
  type Sample = { value?: string; labels?: Labels; buckets?: Record<string, string>; count?: string; sum?: string }
  type Family = { name: string; help: string; type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED'; metrics: Sample[] }
  export default function parsePrometheusTextFormat(text: string): Family[]
}
