import { SMTPServer } from 'smtp-server'

/**
 * A real SMTP listener on 127.0.0.1 (`port` 0: any free one) that keeps each mail it takes, whole,
 * in `received`; it takes any login (the admin command's tests send with one).
 */
export function smtpListener(received: string[], port = 0): Promise<SMTPServer & { port: number }> {
  return new Promise((resolve) => {
    const server = new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      onAuth(auth, _session, callback) {
        callback(null, { user: auth.username })
      },
      onData(stream, _session, done) {
        let raw = ''
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')))
        stream.on('end', () => {
          received.push(raw)
          done()
        })
      },
    })
    server.listen(port, '127.0.0.1', () => {
      const address = server.server.address()
      resolve(Object.assign(server, { port: typeof address === 'object' && address ? address.port : port }))
    })
  })
}

export function closeListener(server: SMTPServer): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()))
}
