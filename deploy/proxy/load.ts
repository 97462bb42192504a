// Requests in a loop from several concurrent clients through the proxy, each answer counted by
// the server that gave it (X-Served-By) and the phase it fell in, every failure kept.

export type Call = { method: 'GET' | 'POST'; path: string; body?: unknown }
export type Failure = { phase: string; call: string; problem: string; atMs: number }

export class Load {
  /** answers[phase][server] */
  readonly answers = new Map<string, Map<string, number>>()
  readonly failures: Failure[] = []
  /** When each server last answered, in ms since the load began. */
  readonly lastAnswer = new Map<string, number>()
  phase = 'before'
  private running = true
  private readonly began = Date.now()
  private clients: Promise<void>[] = []

  constructor(
    private readonly origin: string,
    private readonly token: string,
    private readonly calls: ReadonlyArray<Call>,
  ) {}

  get elapsedMs(): number {
    return Date.now() - this.began
  }

  start(clients: number): void {
    this.clients = Array.from({ length: clients }, (_, client) => this.loop(client))
  }

  async stop(): Promise<void> {
    this.running = false
    await Promise.all(this.clients)
  }

  count(phase: string, server: string): number {
    return this.answers.get(phase)?.get(server) ?? 0
  }

  total(): number {
    let sum = 0
    for (const servers of this.answers.values()) for (const count of servers.values()) sum += count
    return sum
  }

  private async loop(client: number): Promise<void> {
    // Each client starts at a different call, so every kind is in flight at any moment.
    for (let turn = client; this.running; turn++) {
      const call = this.calls[turn % this.calls.length]
      if (call) await this.send(call)
    }
  }

  private async send(call: Call): Promise<void> {
    const phase = this.phase
    const label = `${call.method} ${call.path}`
    try {
      const answer = await fetch(`${this.origin}${call.path}`, {
        method: call.method,
        headers: { authorization: `JWT ${this.token}`, 'content-type': 'application/json', 'accept-language': 'en' },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: AbortSignal.timeout(15_000),
      })
      await answer.arrayBuffer()
      const server = answer.headers.get('x-served-by') ?? '(none)'
      if (answer.status !== 200) {
        this.failures.push({ phase, call: label, problem: `HTTP ${answer.status} from ${server}`, atMs: this.elapsedMs })
        return
      }
      const servers = this.answers.get(phase) ?? new Map<string, number>()
      servers.set(server, (servers.get(server) ?? 0) + 1)
      this.answers.set(phase, servers)
      this.lastAnswer.set(server, this.elapsedMs)
    } catch (error) {
      this.failures.push({ phase, call: label, problem: error instanceof Error ? `${error.name}: ${error.message}` : String(error), atMs: this.elapsedMs })
    }
  }
}
