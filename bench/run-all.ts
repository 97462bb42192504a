// `npm run bench`: every `bench:*` script in package.json, one after the other, each with its
// own output, then one table of all their figures (bench/lib/summary-table.ts), which a full-size
// run also writes to docs/benchmarks-latest.md (bench/lib/latest-run.ts). With `--small` (or
// BENCH_SMALL=1) all run in small mode, as `npm test` does. Exits non-zero when any benchmark
// could not run: it failed, or it wrote no result.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { z } from 'zod'
import { writeLatestRun } from './lib/latest-run'
import { SMALL } from './lib/mode'
import { readResult } from './lib/result'
import { summaryTable, type Outcome } from './lib/summary-table'

const TSX = 'node_modules/tsx/dist/cli.mjs'
// A benchmark that hangs must not hold up `npm test`; full-size runs take as long as they take.
const SMALL_LIMIT_MS = 240_000

const args = process.argv.slice(2)
const unknown = args.filter((arg) => arg !== '--small')
if (unknown.length > 0) throw new Error(`bench/run-all.ts: unknown argument ${unknown.join(' ')} (only --small)`)
const small = SMALL || args.includes('--small')

/** The benchmarks are package.json's bench:* scripts, so a new one is in the run without more ado. */
function benchmarks(): Array<{ name: string; file: string }> {
  const { scripts } = z.object({ scripts: z.record(z.string(), z.string()) }).parse(JSON.parse(readFileSync('package.json', 'utf8')))
  return Object.entries(scripts)
    .filter(([key]) => key.startsWith('bench:'))
    .map(([key, command]) => {
      const file = /^tsx (bench\/[\w-]+\.ts)$/.exec(command)?.[1]
      if (!file) throw new Error(`package.json's "${key}" is not \`tsx bench/<name>.ts\`, which bench/run-all.ts runs`)
      return { name: key.slice('bench:'.length), file }
    })
}

let current: number | undefined
let interrupted = false
// The benchmark runs in a process group of its own (with its servers and browsers), which
// Ctrl-C in the terminal does not reach: pass it on.
process.on('SIGINT', () => {
  interrupted = true
  if (current !== undefined) signalGroup(current, 'SIGINT')
})

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal)
  } catch {
    // the group is gone already
  }
}

/** Runs one benchmark; its failure as text, or undefined when it exited 0. */
function run(file: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [TSX, file], { stdio: 'inherit', env, detached: true })
    const pid = child.pid
    current = pid
    let timedOut = false
    const limit = small
      ? setTimeout(() => {
          timedOut = true
          if (pid !== undefined) signalGroup(pid, 'SIGTERM')
          setTimeout(() => pid !== undefined && signalGroup(pid, 'SIGKILL'), 10_000).unref()
        }, SMALL_LIMIT_MS)
      : undefined
    child.once('error', (error) => resolve(`could not start: ${error.message}`))
    child.once('exit', (code, signal) => {
      clearTimeout(limit)
      current = undefined
      // Whatever it left running (a server, a browser) goes with it.
      if (pid !== undefined) signalGroup(pid, 'SIGTERM')
      if (timedOut) resolve(`stopped after ${SMALL_LIMIT_MS / 1000} s`)
      else if (code === 0) resolve(undefined)
      else resolve(`exited with ${code ?? signal}`)
    })
  })
}

async function main(): Promise<void> {
  const started = new Date()
  const load = loadavg()[0]?.toFixed(1)
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}`
  const folder = mkdtempSync(join(tmpdir(), 'bench-results-'))
  const outcomes: Outcome[] = []
  try {
    for (const { name, file } of benchmarks()) {
      if (interrupted) break
      console.log(`\n━━ bench:${name}${small ? ' (small mode)' : ''}`)
      const resultFile = join(folder, `${name}.json`)
      const began = performance.now()
      let failure = await run(file, { ...process.env, BENCH_SMALL: small ? '1' : '0', BENCH_RESULT_FILE: resultFile })
      const seconds = (performance.now() - began) / 1000
      let figures: Outcome['figures'] = []
      if (!failure) {
        try {
          if (!existsSync(resultFile)) throw new Error('it wrote no result (BENCH_RESULT_FILE)')
          figures = readResult(resultFile)
        } catch (error) {
          failure = error instanceof Error ? error.message : String(error)
        }
      }
      outcomes.push({ name, seconds, figures, failure })
    }
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
  const total = outcomes.reduce((sum, outcome) => sum + outcome.seconds, 0)
  const runLine = `${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${machine}, load ${load} at the start, ${loadavg()[0]?.toFixed(1)} at the end`
  const table = summaryTable(outcomes, small)
  const timeLine = `time: ${outcomes.map((outcome) => `${outcome.name} ${outcome.seconds.toFixed(0)} s`).join(', ')}; total ${total.toFixed(0)} s`
  console.log(`\n━━ All benchmarks, ${small ? 'SMALL MODE (sizes cut to seconds: figures not comparable, targets not judged)' : 'full size'}`)
  console.log(`${runLine}\n`)
  console.log(table)
  console.log(`\n${timeLine}`)
  const failed = outcomes.filter((outcome) => outcome.failure)
  for (const { name, failure } of failed) console.error(`✗ bench:${name} did not run: ${failure} (its output is above)`)
  if (interrupted) console.error('✗ interrupted')
  else if (!small) writeLatestRun({ runLine, table, timeLine, failed: failed.map(({ name }) => name) })
  if (failed.length > 0 || interrupted) process.exitCode = 1
}

await main()
