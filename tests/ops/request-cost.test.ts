import { spawnSync } from 'node:child_process'
import { closeSync, constants, mkdtempSync, openSync, readFileSync, readSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pino from 'pino'
import { Registry } from 'prom-client'
import { afterAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { BatchedLogWriter } from '../../src/server/ops/log-writer.server'
import { partsOf, requestLine } from '../../src/server/ops/request-log.server'
import { registerRequestMetrics } from '../../src/server/ops/request-metrics.server'
import { parseScrape, valueOf } from './prometheus'

// What makes a request's line and metrics cheap (decision 041, bench:api's logging step): the
// line put together in pino's shape, the writer that sends many lines a write, and the request
// counts kept in plain numbers and exported when scraped. Through the server: logs.test.ts and
// metrics.test.ts.
/** A JSON line read back: an object, its keys in the order written. */
const jsonObject = z.record(z.string(), z.unknown())
const folder = mkdtempSync(join(tmpdir(), 'request-cost-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

describe('the request line', () => {
  it('is the line pino writes for the same fields, and stays JSON whatever id the caller sent', () => {
    const written: string[] = []
    const log = pino({ level: 'info' }, { write: (line: string) => written.push(line) })
    const fields = { reqId: 'proxy-"7"\\x', method: 'GET', route: 'companies.info', status: 200, durationMs: 1.23, userId: 4, actorId: 9 }
    log.info(fields, 'request')
    const ours = requestLine(partsOf(log), 30, { id: fields.reqId, route: fields.route, userId: 4, actorId: 9 }, 'GET', 200, 1.2345, false)
    const withoutTime = (line: string) => ({ ...jsonObject.parse(JSON.parse(line)), time: 0 })
    expect(withoutTime(ours)).toEqual(withoutTime(written[0] ?? ''))
    // The same keys in the same order, ended by a newline.
    expect(Object.keys(jsonObject.parse(JSON.parse(ours)))).toEqual(Object.keys(jsonObject.parse(JSON.parse(written[0] ?? ''))))
    expect(ours.endsWith('}\n')).toBe(true)
  })

  it('names no user before one is admitted, and marks a client that left', () => {
    const log = pino({ level: 'debug' }, { write: () => undefined })
    const line = jsonObject.parse(JSON.parse(requestLine(partsOf(log), 20, { id: 'a', route: 'health' }, 'GET', 499, 0.5, true)))
    expect(line).toMatchObject({ level: 20, reqId: 'a', route: 'health', status: 499, aborted: true, msg: 'request' })
    expect(line).not.toHaveProperty('userId')
    expect(line).not.toHaveProperty('actorId')
  })
})

describe('the log writer', () => {
  it('holds lines until 16 KB or 100 ms, then writes them whole and in order, whatever their characters', async () => {
    const file = join(folder, 'lines.log')
    const fd = openSync(file, 'w')
    const writer = new BatchedLogWriter(fd)
    writer.write('first\n')
    expect(readFileSync(file, 'utf8')).toBe('')
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(readFileSync(file, 'utf8')).toBe('first\n')
    // Lines of every length (some longer than the first buffer), some with characters of two, three and four bytes.
    const lines = Array.from(
      { length: 5000 },
      (_, index) =>
        `${JSON.stringify({ index, text: (index % 5 === 0 ? 'äß€😀' : 'x').repeat(index % 97), long: index % 1000 === 7 ? 'z'.repeat(100_000) : '' })}\n`,
    )
    for (const line of lines) writer.write(line)
    await writer.drained(5000)
    expect(readFileSync(file, 'utf8')).toBe(`first\n${lines.join('')}`)
    closeSync(fd)
  })

  it('writes what it holds at once when the process exits (flushSync)', () => {
    const file = join(folder, 'exit.log')
    const fd = openSync(file, 'w')
    const writer = new BatchedLogWriter(fd)
    writer.write('last words\n')
    writer.flushSync()
    expect(readFileSync(file, 'utf8')).toBe('last words\n')
    closeSync(fd)
  })

  it('a reader that stops reading: past 8 MB held lines are dropped and counted, and said once it reads again', async () => {
    const fifo = join(folder, 'fifo')
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0)
    // Read end first (not blocking), then the write end: a pipe that holds 64 KB until read.
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK)
    const fd = openSync(fifo, 'w')
    const writer = new BatchedLogWriter(fd)
    const line = `${'y'.repeat(999)}\n`
    for (let index = 0; index < 9000; index += 1) writer.write(line)
    await new Promise((resolve) => setTimeout(resolve, 200))
    // Now read everything the writer sends until it is done.
    const chunk = Buffer.alloc(1 << 20)
    let text = ''
    const deadline = Date.now() + 30_000
    while (!(text.endsWith('\n') && text.includes('dropped')) && Date.now() < deadline) {
      try {
        const read = readSync(reader, chunk)
        text += chunk.toString('utf8', 0, read)
      } catch {
        // Empty for now (EAGAIN): the writer's next write comes from the event loop.
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    }
    closeSync(fd)
    closeSync(reader)
    const received = text.split('\n').filter(Boolean)
    const dropped = z
      .looseObject({ level: z.number().optional(), dropped: z.number().optional(), msg: z.string().optional() })
      .parse(JSON.parse(received.at(-1) ?? '{}'))
    expect(dropped).toMatchObject({ level: 40, msg: `${dropped.dropped} log line(s) dropped: stdout was not read` })
    expect(dropped.dropped).toBeGreaterThan(0)
    // Every line is either received whole or counted as dropped.
    expect(received.slice(0, -1).every((got) => got === line.trimEnd())).toBe(true)
    expect(received.length - 1 + (dropped.dropped ?? 0)).toBe(9000)
  })
})

describe('the request metrics', () => {
  it('export counts by status, and cumulative buckets, sum and count by status class, as Prometheus reads them', async () => {
    const registry = new Registry()
    const stats = registerRequestMetrics(registry)
    stats.record('companies.info', 200, 0.0004)
    stats.record('companies.info', 200, 0.003)
    stats.record('companies.info', 204, 20)
    stats.record('companies.info', 404, 0.01)
    const text = await registry.metrics()
    const scrape = parseScrape(text)
    expect(valueOf(scrape, 'portal_http_requests_total', { route: 'companies.info', status: '200' })).toBe(2)
    expect(valueOf(scrape, 'portal_http_requests_total', { route: 'companies.info', status: '204' })).toBe(1)
    expect(valueOf(scrape, 'portal_http_request_duration_seconds', { route: 'companies.info', status_class: '2xx' })).toBe(3)
    expect(valueOf(scrape, 'portal_http_request_duration_seconds', { route: 'companies.info', status_class: '4xx' })).toBe(1)
    expect(scrape.families.get('portal_http_request_duration_seconds')?.type).toBe('HISTOGRAM')
    expect(scrape.families.get('portal_http_requests_total')?.type).toBe('COUNTER')
    const bucket = (le: string) =>
      new RegExp(
        `^portal_http_request_duration_seconds_bucket\\{route="companies.info",status_class="2xx",le="${le.replace('+', '\\+')}"\\} (\\S+)$`,
        'm',
      ).exec(text)?.[1]
    expect([bucket('0.001'), bucket('0.005'), bucket('10'), bucket('+Inf')]).toEqual(['1', '2', '2', '3'])
    expect(text).toMatch(/^portal_http_request_duration_seconds_sum\{route="companies.info",status_class="2xx"\} 20\.0034/m)
  })
})
