// `npm run bench`: every `bench:*` script in package.json, one after the other, each with its
// own output, then one table of all their figures (bench/lib/summary-table.ts), which a full-size
// run also writes to docs/benchmarks-latest.md (bench/lib/latest-run.ts). With `--small` (or
// BENCH_SMALL=1) all run in small mode, as `npm test` does. With `--runs N` the whole set runs N
// times and the table gives each figure's median and spread (bench/lib/runs.ts); from three
// full-size runs on it also writes the README's benchmark table (bench/lib/readme-table.ts).
// Exits non-zero when any benchmark could not run: it failed, or it wrote no result.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { z } from 'zod'
import { commit, writeLatestRun } from './lib/latest-run'
import { SMALL } from './lib/mode'
import { MIN_RUNS, readmeRunLine, readmeTable, writeReadmeTable } from './lib/readme-table'
import { readResult } from './lib/result'
import { combineRuns, combinedTable } from './lib/runs'
import { summaryTable, type Outcome } from './lib/summary-table'

const TSX = 'node_modules/tsx/dist/cli.mjs'
// A benchmark that hangs must not hold up `npm test`; full-size runs take as long as they take.
const SMALL_LIMIT_MS = 240_000

const args = process.argv.slice(2)
const runsAt = args.indexOf('--runs')
const runsArg = runsAt >= 0 ? args[runsAt + 1] : '1'
const unknown = args.filter((arg, index) => arg !== '--small' && (runsAt < 0 || (index !== runsAt && index !== runsAt + 1)))
if (unknown.length > 0) throw new Error(`bench/run-all.ts: unknown argument ${unknown.join(' ')} (only --small and --runs N)`)
if (!/^[1-9]\d?$/.test(runsArg ?? '')) throw new Error(`bench/run-all.ts: --runs wants a number of runs from 1 to 99, not ${runsArg ?? 'nothing'}`)
const runs = Number(runsArg)
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
function runBenchmark(file: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
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

/** One run of every benchmark; stops early when interrupted. */
async function runAll(run: number): Promise<{ outcomes: Outcome[]; runLine: string }> {
  const started = new Date()
  const load = loadavg()[0]?.toFixed(1)
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}`
  const folder = mkdtempSync(join(tmpdir(), 'bench-results-'))
  const outcomes: Outcome[] = []
  const which = runs > 1 ? ` (run ${run} of ${runs})` : ''
  try {
    for (const { name, file } of benchmarks()) {
      if (interrupted) break
      console.log(`\n━━ bench:${name}${small ? ' (small mode)' : ''}${which}`)
      const resultFile = join(folder, `${name}.json`)
      const began = performance.now()
      let failure = await runBenchmark(file, { ...process.env, BENCH_SMALL: small ? '1' : '0', BENCH_RESULT_FILE: resultFile })
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
  const runLine = `${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${machine}, load ${load} at the start, ${loadavg()[0]?.toFixed(1)} at the end`
  return { outcomes, runLine }
}

async function main(): Promise<void> {
  const done: Array<{ outcomes: Outcome[]; runLine: string }> = []
  for (let run = 1; run <= runs && !interrupted; run++) {
    const result = await runAll(run)
    done.push(result)
    if (runs > 1) {
      console.log(`\n━━ Run ${run} of ${runs}: ${result.runLine}\n`)
      console.log(summaryTable(result.outcomes, small))
    }
  }
  const all = done.flatMap(({ outcomes }) => outcomes)
  const total = all.reduce((sum, outcome) => sum + outcome.seconds, 0)
  const names = [...new Set(all.map((outcome) => outcome.name))]
  const timeLine = `time: ${names
    .map(
      (name) =>
        `${name} ${all
          .filter((outcome) => outcome.name === name)
          .reduce((sum, outcome) => sum + outcome.seconds, 0)
          .toFixed(0)} s`,
    )
    .join(', ')}; total ${total.toFixed(0)} s${done.length > 1 ? ` in ${done.length} runs` : ''}`
  const failures = names
    .map((name) => ({ name, failures: all.filter((outcome) => outcome.name === name && outcome.failure).length }))
    .filter(({ failures: count }) => count > 0)
  const runLine =
    done.length === 1 ? (done[0]?.runLine ?? '') : `${done.length} runs: ${done.map(({ runLine: line }, index) => `(${index + 1}) ${line}`).join('; ')}`
  const table =
    done.length === 1 ? summaryTable(done[0]?.outcomes ?? [], small) : combinedTable(combineRuns(done.map(({ outcomes }) => outcomes)), failures, small)
  const mode = small ? 'SMALL MODE (sizes cut to seconds: figures not comparable, targets not judged)' : 'full size'
  console.log(`\n━━ All benchmarks, ${mode}${done.length > 1 ? `, the median of ${done.length} runs and its spread` : ''}`)
  console.log(`${runLine}\n`)
  console.log(table)
  console.log(`\n${timeLine}`)
  done.forEach(({ outcomes }, index) => {
    for (const { name, failure } of outcomes) {
      if (failure) console.error(`✗ bench:${name} did not run${done.length > 1 ? ` in run ${index + 1}` : ''}: ${failure} (its output is above)`)
    }
  })
  if (interrupted) console.error('✗ interrupted')
  else if (!small) {
    writeLatestRun({ runLine, table, timeLine, failed: failures.map(({ name }) => name) })
    if (done.length >= MIN_RUNS)
      writeReadmeTable(
        readmeTable(
          combineRuns(done.map(({ outcomes }) => outcomes)),
          readmeRunLine(
            done.map(({ runLine: line }) => line),
            commit(),
          ),
        ),
      )
  }
  if (failures.length > 0 || interrupted) process.exitCode = 1
}

await main()
