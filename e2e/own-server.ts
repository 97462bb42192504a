import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.mjs'

// A built server of a test's own, on its own embedded database: for what needs a restart,
// such as maintenance settings changed with the CLI while no server holds the database.
const STDOUT_KEPT = 256_000

export type Exit = { code: number | null; signal: NodeJS.Signals | null; output: string }

export class OwnServer {
  private child: ChildProcess | null = null
  private log = ''
  private stdout = ''

  constructor(
    readonly port: number,
    readonly dataDir: string,
    private readonly extraEnv: Record<string, string> = {},
    /** The build to run: `.output`, or another build's output folder. */
    public outputDir = '.output',
  ) {}

  get origin(): string {
    return `http://localhost:${this.port}`
  }

  /** What the server printed so far (the last 8 KB). */
  get output(): string {
    return this.log
  }

  /** The whole lines the server wrote to stdout so far (of its last 256 KB there: a test may read back past many request lines). */
  get stdoutLines(): string[] {
    const lines = this.stdout.split('\n').slice(0, -1)
    return this.stdout.length >= STDOUT_KEPT ? lines.slice(1) : lines
  }

  get pid(): number | undefined {
    return this.child?.pid
  }

  /** Starts the process without waiting for it to serve. */
  spawn(): ChildProcess {
    this.log = ''
    this.stdout = ''
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, `${this.outputDir}/server/index.mjs`], {
      env: { ...process.env, PORT: String(this.port), DATA_DIR: this.dataDir, NODE_ENV: 'production', ...this.extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const keep = (chunk: Buffer) => {
      this.log = (this.log + chunk.toString()).slice(-8000)
    }
    child.stdout?.on('data', (chunk: Buffer) => {
      keep(chunk)
      this.stdout = (this.stdout + chunk.toString()).slice(-STDOUT_KEPT)
    })
    child.stderr?.on('data', keep)
    this.child = child
    return child
  }

  async start(): Promise<void> {
    // A server still answering on the port would pass the health check for this one.
    if (this.child) throw new Error(`own server on ${this.port} is already running`)
    if (
      await fetch(`${this.origin}/health`).then(
        () => true,
        () => false,
      )
    )
      throw new Error(`port ${this.port} is already serving`)
    const child = this.spawn()
    const deadline = Date.now() + 90_000
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`own server on ${this.port} exited:\n${this.log}`)
      try {
        if ((await fetch(`${this.origin}/health`)).ok) return
      } catch {
        // not up yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    throw new Error(`own server on ${this.port} did not start:\n${this.log}`)
  }

  /** Sends a signal and waits for the process to end. */
  async kill(signal: NodeJS.Signals): Promise<Exit> {
    const child = this.child
    this.child = null
    if (!child) return { code: null, signal: null, output: this.log }
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve())
        child.kill(signal)
      })
    }
    return { code: child.exitCode, signal: child.signalCode, output: this.log }
  }

  /** Waits for a process that ends by itself (a refused start). */
  async exited(timeoutMs = 60_000): Promise<Exit> {
    const child = this.child
    this.child = null
    if (!child) return { code: null, signal: null, output: this.log }
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`own server on ${this.port} did not exit:\n${this.log}`)), timeoutMs)
        child.once('exit', () => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
    return { code: child.exitCode, signal: child.signalCode, output: this.log }
  }

  async stop(): Promise<void> {
    await this.kill('SIGTERM')
  }

  /** `npm run maintenance -- …` on this server's database (running or stopped: the CLI attaches to a running one). */
  maintenance(...args: string[]): void {
    const result = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/admin.ts', 'maintenance', ...args], {
      env: { ...process.env, DATA_DIR: this.dataDir },
      encoding: 'utf8',
    })
    if (result.status !== 0) throw new Error(`maintenance ${args.join(' ')} failed: ${result.stderr}`)
  }

  /** Processes of the embedded PostgreSQL serving this server's data folder (none once it is gone). */
  databaseProcesses(): number[] {
    const pgdata = resolve(this.dataDir, 'postgres')
    return readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .filter((pid) => {
        try {
          const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
          return args[args.indexOf('-D') + 1] === pgdata
        } catch {
          return false // ended while we looked
        }
      })
      .map(Number)
  }

  remove(): void {
    rmSync(this.dataDir, { recursive: true, force: true })
  }
}

/** Starts the server on an empty data folder before a file's (or describe block's) tests, and removes it after them. */
export function serveDuring(test: { beforeAll(run: () => Promise<void>): void; afterAll(run: () => Promise<void>): void }, server: OwnServer): void {
  test.beforeAll(async () => {
    server.remove()
    await server.start()
  })
  test.afterAll(async () => {
    await server.stop()
    server.remove()
  })
}
