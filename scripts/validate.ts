// `npm run validate`: the quick local check — typecheck, lint and the unit and API tests at
// the same time, each line prefixed with its step; exits non-zero when any of them fails.
// The build and the e2e tests are `npm test`'s. Code generation runs first only when its
// output is missing or older than its sources (stale message functions give false errors).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import type { Readable, Writable } from 'node:stream'

const node = process.execPath
const STEPS = [
  { name: 'typecheck', args: ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json'] },
  { name: 'lint', args: ['node_modules/eslint/bin/eslint.js', '--max-warnings', '0', '.'] },
  { name: 'format', args: ['node_modules/prettier/bin/prettier.cjs', '--check', '.'] },
  { name: 'unit', args: ['node_modules/vitest/vitest.mjs', 'run'] },
]
const width = Math.max(...STEPS.map((step) => step.name.length))

function newest(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((entry) => newest(join(path, entry))))
}

function codegenIsStale(): boolean {
  const outputs = ['src/paraglide', 'styled-system'].map((path) => (existsSync(path) ? newest(path) : 0))
  const sources = Math.max(newest('messages'), newest('project.inlang/settings.json'), newest('panda.config.ts'), newest('styles'))
  return outputs.some((time) => time === 0 || time < sources)
}

if (codegenIsStale()) {
  console.log('[codegen] generated code is missing or older than its sources: node scripts/codegen.mjs')
  const result = spawnSync(node, ['scripts/codegen.mjs'], { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

type Step = { name: string; args: string[] }
type Result = { name: string; code: number; error?: Error; signal?: NodeJS.Signals | null; seconds: number }

function run({ name, args }: Step): Promise<Result> {
  const started = Date.now()
  const prefix = `[${name.padEnd(width)}]`
  // Colours only when they reach a terminal (tools take any FORCE_COLOR as "on").
  const { FORCE_COLOR: _, NO_COLOR: __, ...env } = process.env
  const child = spawn(node, args, { env: { ...env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : { NO_COLOR: '1' }) } })
  // Settled once the process has ended and its last lines are written.
  const pairs: Array<[Readable, Writable]> = [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]
  const drained = pairs.map(([stream, out]) => {
    const lines = createInterface({ input: stream, crlfDelay: Infinity })
    lines.on('line', (line) => out.write(`${prefix} ${line}\n`))
    return new Promise<void>((resolve) => lines.once('close', () => resolve()))
  })
  const ended = new Promise<Omit<Result, 'seconds'>>((resolve) => {
    child.on('error', (error) => resolve({ name, code: 1, error }))
    child.on('close', (code, signal) => resolve({ name, code: code ?? 1, signal }))
  })
  return Promise.all([ended, ...drained]).then(([result]) => ({ ...result, seconds: (Date.now() - started) / 1000 }))
}

const results = await Promise.all(STEPS.map(run))
console.log('')
for (const result of results) {
  const mark = result.code === 0 ? '✓' : '✗'
  const why = result.error ? ` (${result.error.message})` : result.signal ? ` (${result.signal})` : result.code !== 0 ? ` (exit ${result.code})` : ''
  console.log(`${mark} ${result.name.padEnd(width)} ${result.seconds.toFixed(1)} s${why}`)
}
const failed = results.filter((result) => result.code !== 0)
if (failed.length > 0) {
  console.error(`\n✗ validate failed: ${failed.map((result) => result.name).join(', ')}`)
  process.exit(1)
}
console.log('\n✓ typecheck, lint and unit tests passed.')
