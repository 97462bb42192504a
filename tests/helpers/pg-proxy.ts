import { createServer, connect, type Server, type Socket } from 'node:net'

// A TCP proxy in front of a PostgreSQL server, for database faults in tests: `pass` forwards,
// `refuse` stops listening (a connect is refused), `hold` accepts and never forwards (a server
// that stops answering), `freeze` holds new connections and stops forwarding on the ones it had,
// which stay open (a network that drops every packet). Any other switch away from `pass` cuts the
// connections it had forwarded, as does leaving `freeze`. The server behind it is reached over
// TCP or, for a server on a Unix socket only, at the socket's path.
export type ProxyMode = 'pass' | 'refuse' | 'hold' | 'freeze'

export type PgProxy = { port: number; mode(next: ProxyMode): Promise<void>; close(): Promise<void> }

export async function startPgProxy(target: { host: string; port: number } | { path: string }): Promise<PgProxy> {
  const sockets = new Set<Socket>()
  const pairs = new Set<[Socket, Socket]>()
  let mode: ProxyMode = 'pass'
  let server: Server | undefined
  let port = 0
  const track = (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => socket.destroy())
  }
  const accept = (client: Socket) => {
    track(client)
    if (mode === 'hold' || mode === 'freeze') return
    const upstream = 'path' in target ? connect(target.path) : connect(target.port, target.host)
    track(upstream)
    const pair: [Socket, Socket] = [client, upstream]
    pairs.add(pair)
    client.pipe(upstream)
    upstream.pipe(client)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => {
      pairs.delete(pair)
      client.destroy()
    })
  }
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer(accept)
      next.once('error', reject)
      next.listen(port, '127.0.0.1', () => {
        const address = next.address()
        if (typeof address === 'object' && address) port = address.port
        server = next
        resolve()
      })
    })
  const stopListening = () =>
    new Promise<void>((resolve) => {
      const current = server
      server = undefined
      if (!current) resolve()
      else current.close(() => resolve())
    })
  const cut = () => {
    for (const socket of sockets) socket.destroy()
  }
  await listen()
  return {
    get port() {
      return port
    },
    async mode(next) {
      if (next === mode) return
      mode = next
      if (next === 'freeze') {
        // Nothing more crosses; what was sent waits in the sockets' buffers, unread.
        for (const [client, upstream] of pairs) {
          client.unpipe(upstream)
          upstream.unpipe(client)
          client.pause()
          upstream.pause()
        }
        return
      }
      cut()
      if (next === 'refuse') await stopListening()
      else if (!server) await listen()
    },
    async close() {
      cut()
      await stopListening()
    },
  }
}
