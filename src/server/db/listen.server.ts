import pg from 'pg'

// One connection of its own that LISTENs on a channel for as long as the server runs, so
// several app servers on one PostgreSQL hear each other (invalidation.server.ts). A lost
// connection is opened again (1 s, then up to 10 s apart); `onGap` runs whenever messages may
// have been missed meanwhile — at each reconnect — so the listener can drop everything it would have been told about.
export type Listening = { stop(): Promise<void>; ready: Promise<void> }

const FIRST_RETRY_MS = 1_000
const LAST_RETRY_MS = 10_000

export function listenOn(config: pg.ClientConfig, channel: string, handlers: { onMessage: (payload: string) => void; onGap: () => void }): Listening {
  let stopped = false
  let client: pg.Client | null = null
  let retryMs = FIRST_RETRY_MS
  let timer: NodeJS.Timeout | undefined
  let markReady: () => void = () => undefined
  const ready = new Promise<void>((resolve) => (markReady = resolve))

  const connect = async (reconnect: boolean): Promise<void> => {
    if (stopped) return
    const next = new pg.Client(config)
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? '')
    })
    // 'error' and 'end' both mean this connection is gone; the one retry is planned once.
    let lost = false
    const onLost = () => {
      if (lost || stopped) return
      lost = true
      client = null
      next.end().catch(() => undefined)
      schedule()
    }
    next.on('error', onLost)
    next.on('end', onLost)
    try {
      await next.connect()
      await next.query(`listen ${pg.escapeIdentifier(channel)}`)
    } catch {
      onLost()
      return
    }
    if (stopped) {
      await next.end().catch(() => undefined)
      return
    }
    client = next
    retryMs = FIRST_RETRY_MS
    if (reconnect) handlers.onGap()
    markReady()
  }

  const schedule = () => {
    if (stopped) return
    const wait = retryMs
    retryMs = Math.min(LAST_RETRY_MS, retryMs * 2)
    timer = setTimeout(() => void connect(true), wait)
    timer.unref()
  }

  void connect(false)
  return {
    ready,
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      markReady()
      const current = client
      client = null
      await current?.end().catch(() => undefined)
    },
  }
}
