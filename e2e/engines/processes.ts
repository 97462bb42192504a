import { spawn, type ChildProcess } from 'node:child_process'

// Everything the engine suite starts is ended again, whatever happens: in reverse order when
// the run ends or fails, on Ctrl+C, SIGTERM and SIGHUP, and — for the processes — with SIGKILL
// to their whole process group when Node exits (a browser's content processes are in it).

type Step = { name: string; run: () => Promise<void> }

/** How long one clean-up step may take before the next one goes on. */
const STEP_TIMEOUT_MS = 15_000

export class Cleanup {
  private readonly steps: Step[] = []
  private readonly groups = new Set<number>()
  private running: Promise<void> | null = null

  constructor() {
    process.on('exit', () => {
      for (const pid of this.groups) {
        try {
          process.kill(-pid, 'SIGKILL')
        } catch {
          // already gone
        }
      }
    })
    // Listening all along: Ctrl+C reaches this process twice (from the terminal and relayed by tsx).
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      process.on(signal, () => {
        if (this.running) return
        console.error(`\n${signal}: ending the browsers, the drivers and the server …`)
        void this.runAll().finally(() => process.exit(130))
      })
    }
  }

  /** A step to run at the end; the function returned runs it now (once) instead. */
  add(name: string, run: () => Promise<void>): () => Promise<void> {
    const step: Step = { name, run }
    this.steps.push(step)
    return async () => {
      const index = this.steps.indexOf(step)
      if (index < 0) return
      this.steps.splice(index, 1)
      await run()
    }
  }

  /** Kills the process group of `pid` when Node exits, unless it ended before. */
  killGroupOnExit(pid: number, child?: ChildProcess): void {
    this.groups.add(pid)
    child?.once('exit', () => this.groups.delete(pid))
  }

  /** Runs every step, the last added first; a step that fails or hangs does not stop the others. */
  runAll(): Promise<void> {
    this.running ??= (async () => {
      while (this.steps.length > 0) {
        const step = this.steps.pop()!
        let timer: ReturnType<typeof setTimeout> | undefined
        const timeout = new Promise<void>((resolve) => {
          timer = setTimeout(() => {
            console.error(`clean-up: ${step.name} did not end within ${STEP_TIMEOUT_MS / 1000} s`)
            resolve()
          }, STEP_TIMEOUT_MS)
        })
        await Promise.race([step.run().catch((error: unknown) => console.error(`clean-up: ${step.name}: ${String(error)}`)), timeout])
        clearTimeout(timer)
      }
    })()
    return this.running
  }
}

/**
 * Starts a program in a process group of its own, ended at clean-up: SIGTERM to the group, and
 * SIGKILL when it is still there after 5 s.
 */
export function spawnGroup(cleanup: Cleanup, name: string, command: string, args: string[], env: NodeJS.ProcessEnv, extraPipe = false): ChildProcess {
  const child = spawn(command, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe', ...(extraPipe ? (['pipe'] as const) : [])] })
  const pid = child.pid
  if (pid === undefined) throw new Error(`${name} (${command}) did not start`)
  cleanup.killGroupOnExit(pid, child)
  cleanup.add(name, async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    process.kill(-pid, 'SIGTERM')
    const timer = setTimeout(() => process.kill(-pid, 'SIGKILL'), 5_000)
    await ended
    clearTimeout(timer)
  })
  return child
}
