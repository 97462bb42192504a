// Generated code a fresh clone needs before typecheck, lint and tests: the Paraglide message
// functions and Panda's styled-system. (vite dev/build regenerate both as well.)
// Plain Node, not tsx: it is `npm install`'s prepare step, which also runs where this package is
// installed without its development dependencies, tsx among them (decision 060).
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const bin = (name) => `node_modules/.bin/${name}`
if (!existsSync(bin('paraglide-js'))) process.exit(0) // installed as a dependency elsewhere
const run = (cmd, args) => execFileSync(bin(cmd), args, { stdio: 'inherit' })
run('paraglide-js', [
  'compile',
  '--project',
  './project.inlang',
  '--outdir',
  './src/paraglide',
  '--strategy',
  'cookie',
  'custom-site',
  'baseLocale',
  '--emit-ts-declarations',
  '--silent',
])
run('panda', ['codegen', '--silent'])
