import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'

// A built server of a test's own, on its own embedded database: for what needs a restart,
// such as maintenance settings changed with the CLI while no server holds the database.
export class OwnServer {
  private child: ChildProcess | null = null

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

  async start(): Promise<void> {
    this.child = spawn(process.execPath, [`${this.outputDir}/server/index.mjs`], {
      env: { ...process.env, PORT: String(this.port), DATA_DIR: this.dataDir, NODE_ENV: 'production', ...this.extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000)
    }
    this.child.stdout?.on('data', keep)
    this.child.stderr?.on('data', keep)
    const deadline = Date.now() + 60_000
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`own server on ${this.port} exited:\n${output}`)
      try {
        if ((await fetch(`${this.origin}/health`)).ok) return
      } catch {
        // not up yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    throw new Error(`own server on ${this.port} did not start:\n${output}`)
  }

  async stop(): Promise<void> {
    const child = this.child
    this.child = null
    if (!child || child.exitCode !== null) return
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
  }

  /** `npm run maintenance -- …` on this server's database (the server must be stopped). */
  maintenance(...args: string[]): void {
    const result = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/maintenance.ts', ...args], {
      env: { ...process.env, DATA_DIR: this.dataDir },
      encoding: 'utf8',
    })
    if (result.status !== 0) throw new Error(`maintenance ${args.join(' ')} failed: ${result.stderr}`)
  }

  remove(): void {
    rmSync(this.dataDir, { recursive: true, force: true })
  }
}
