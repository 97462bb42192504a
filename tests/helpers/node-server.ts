import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { handleVueRequest } from '../../src/server/http-api/dispatch.server'

// Serves the /vue/ dispatcher on a plain node:http server: a second backend for the
// remote-mode test and the benchmark.
export async function serveVue(port = 0): Promise<{ url: string; server: Server; requests: () => number }> {
  let count = 0
  const server = createServer(async (incoming, outgoing) => {
    count += 1
    const body = incoming.method === 'GET' || incoming.method === 'HEAD' ? undefined : await readAll(incoming)
    const headers = new Headers()
    for (const [key, value] of Object.entries(incoming.headers)) if (typeof value === 'string') headers.set(key, value)
    const request = new Request(`http://${incoming.headers.host ?? '127.0.0.1'}${incoming.url ?? '/'}`, { method: incoming.method, headers, body })
    const response = await handleVueRequest(request, { clientAddress: incoming.socket.remoteAddress ?? 'unknown' })
    outgoing.writeHead(response.status, Object.fromEntries(response.headers))
    outgoing.end(Buffer.from(await response.arrayBuffer()))
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const address: AddressInfo | string | null = server.address()
  const actual = typeof address === 'object' && address ? address.port : port
  return { url: `http://127.0.0.1:${actual}`, server, requests: () => count }
}

async function readAll(incoming: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = []
  for await (const chunk of incoming) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
  return new Uint8Array(Buffer.concat(chunks))
}
