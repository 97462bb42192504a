import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { createServer } from 'node:net'
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags.mjs'

// The processes `npm run proxy:check` runs: built portal servers and HAProxy, each a child
// whose output goes to a log file of its own (shown when a check fails).

export type Child = {
  name: string
  process: ChildProcess
  logFile: string
  /** Resolves when the process has ended. */
  exited: Promise<void>
  /** Sends the signal and waits for the end; SIGKILL after `graceMs`. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>
}

/** `env`: the child's whole environment (unset: this process's). */
export function startChild(name: string, command: string, args: string[], env: NodeJS.ProcessEnv | undefined, logFile: string): Child {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
  const log = createWriteStream(logFile)
  child.stdout.pipe(log, { end: false })
  child.stderr.pipe(log, { end: false })
  const exited = new Promise<void>((resolve) => {
    child.once('error', (error) => {
      log.write(`\n[proxy:check] ${name} could not start: ${error.message}\n`)
      resolve()
    })
    child.once('exit', () => resolve())
  })
  void exited.then(() => log.end())
  const running = () => child.exitCode === null && child.signalCode === null && child.pid !== undefined
  return {
    name,
    process: child,
    logFile,
    exited,
    async stop(signal = 'SIGTERM', graceMs = 20_000) {
      if (!running()) return
      child.kill(signal)
      const timer = setTimeout(() => running() && child.kill('SIGKILL'), graceMs)
      await exited
      clearTimeout(timer)
    },
  }
}

/** A built portal server (`<outputDir>/server/index.mjs`) with the Node flags `npm start` uses. */
export function startPortal(name: string, outputDir: string, env: NodeJS.ProcessEnv, logFile: string): Child {
  const args = [...SERVER_NODE_FLAGS, `${outputDir}/server/index.mjs`]
  return startChild(name, process.execPath, args, { NODE_ENV: 'production', ...env }, logFile)
}

/**
 * Ports nobody listens on right now (the kernel's picks), all different: a port the kernel just
 * handed out and took back may come again at the next ask.
 */
export async function freePorts(count: number, besides: number[] = []): Promise<number[]> {
  const picked: number[] = []
  while (picked.length < count) {
    const port = await freePort()
    if (!picked.includes(port) && !besides.includes(port)) picked.push(port)
  }
  return picked
}

/** A port nobody listens on right now (the kernel's pick). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))))
    })
  })
}

/** Polls `check` every 100 ms until it is true; fails after `limitMs` or when `child` ends first. */
export async function waitFor(what: string, limitMs: number, check: () => Promise<boolean>, children: Child[] = []): Promise<number> {
  const started = Date.now()
  while (Date.now() - started < limitMs) {
    const ended = children.find((child) => child.process.exitCode !== null || child.process.signalCode !== null)
    if (ended) throw new Error(`${ended.name} ended while waiting for ${what} (log: ${ended.logFile})`)
    if (await check().catch(() => false)) return Date.now() - started
    await sleep(100)
  }
  throw new Error(`${what}: not within ${limitMs / 1000} s`)
}

/** The status of a GET, or 0 when there was no answer within `timeoutMs`. */
export async function statusOf(url: string, timeoutMs = 2_000): Promise<number> {
  try {
    const answer = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) })
    await answer.arrayBuffer()
    return answer.status
  } catch {
    return 0
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
