// `npm start`: build the production server when there is no build (or the sources are newer),
// then run it. The server migrates and, on the embedded database, seeds the demo data itself.
// Plain Node, not tsx: with a build it also starts where only the production dependencies are
// installed (`npm install --omit=dev`), and tsx is a development one (decision 060).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs'

const entry = '.output/server/index.mjs'
const sources = ['app', 'src', 'styles', 'messages', 'app.config.ts', 'vite.config.ts', 'panda.config.ts', 'package.json']

function newest(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let latest = 0
  for (const name of readdirSync(path)) {
    if (name === 'paraglide' || name === 'node_modules') continue // generated
    latest = Math.max(latest, newest(join(path, name)))
  }
  return latest
}

const built = existsSync(entry) ? statSync(entry).mtimeMs : 0
if (built === 0 || Math.max(...sources.map(newest)) > built) {
  console.log(built === 0 ? 'No build yet: building the portal (about a minute) …' : 'Sources changed: rebuilding …')
  // The build's own listing (every file with its size, a few hundred lines) is shown only when
  // it fails: a newcomer is looking for the banner below.
  const started = Date.now()
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  if (build.status !== 0) {
    process.stdout.write(build.stdout ?? '')
    process.stderr.write(build.stderr ?? '')
    console.error(`\nThe build failed (exit ${build.status ?? build.signal}); its output is above.`)
    process.exit(build.status ?? 1)
  }
  console.log(
    `Built in ${Math.round((Date.now() - started) / 1000)} s. Starting the server (it migrates the database and, the first time, adds the demo data) …`,
  )
}

const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, entry], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env, PORT: process.env.PORT ?? '3000' },
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))
