import { connect } from 'node:net'

// A slow client (decision 051): a login's headers at once, then its body a byte a second over
// a raw socket. Resolves when the server closes it, with the answer's status (or `closed`) and
// how long after the start. The socket is destroyed after `giveUpMs` whatever happens.
export function drip(port: number, options: { forwardedFor?: string; giveUpMs: number }): Promise<{ status: string; ms: number }> {
  const started = Date.now()
  const socket = connect(port, '127.0.0.1')
  let answer = ''
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')))
  socket.on('error', () => undefined)
  const head = ['POST /vue/login/ HTTP/1.1', 'host: localhost', 'content-type: application/json', 'content-length: 1000']
  if (options.forwardedFor) head.push(`x-forwarded-for: ${options.forwardedFor}`)
  socket.write(`${head.join('\r\n')}\r\n\r\n{`)
  const timer = setInterval(() => socket.writable && socket.write(' '), 1000)
  const limit = setTimeout(() => socket.destroy(), options.giveUpMs)
  return new Promise((resolve) =>
    socket.once('close', () => {
      clearInterval(timer)
      clearTimeout(limit)
      resolve({ status: /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 'closed', ms: Date.now() - started })
    }),
  )
}
