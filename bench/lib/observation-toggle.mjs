// Loaded into a built server by bench:api (node --import) to measure the cost of the request
// lines and the request metrics in one process: SIGUSR2 turns both off, the next turns them on
// again. Two processes alike differ by up to a quarter in throughput on this kind of machine
// (measured: four servers of one build, 23.5 to 29.6 µs of CPU per request), more than the
// cost measured; in one process the turns differ by under 1 %. It uses what the server keeps on
// globalThis (src/server/ops/): the request lines' logger and the metrics, which recordRequest
// skips when they are not there (and /metrics then answers 404: bench:api checks each turn).
let stashedMetrics
let level = 'info'
process.on('SIGUSR2', () => {
  const log = globalThis.__portalRequestLogger
  if (globalThis.__portalMetrics) {
    stashedMetrics = globalThis.__portalMetrics
    globalThis.__portalMetrics = undefined
    if (log) {
      level = log.level
      log.level = 'silent'
    }
  } else {
    globalThis.__portalMetrics = stashedMetrics
    if (log) log.level = level
  }
})
