// `npm test`: lint, typecheck, unit and API tests, the production build, every benchmark in
// small mode, the proxy check (two servers behind HAProxy), Playwright e2e in Debian's Chromium,
// then the desk's promises in Firefox ESR and WebKitGTK. Stops at the first failing step. The
// browsers all of these need are installed, when missing, in one step of their own ("Browsers").
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

function step(title: string, command: string, args: string[], env: Record<string, string> = {}): void {
  console.log(`\n━━ ${title}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  if (result.status !== 0) {
    console.error(`\n✗ ${title} failed (exit ${result.status ?? result.signal}).`)
    process.exit(result.status ?? 1)
  }
}

function quietStep(title: string, command: string, args: string[]): void {
  console.log(`\n━━ ${title}`)
  const started = Date.now()
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? '')
    process.stderr.write(result.stderr ?? '')
    console.error(`\n✗ ${title} failed (exit ${result.status ?? result.signal}).`)
    process.exit(result.status ?? 1)
  }
  console.log(`done in ${Math.round((Date.now() - started) / 1000)} s`)
}

function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return
  console.log(`Chromium is not at ${CHROMIUM}; installing Debian's chromium package …`)
  const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')
  if (canApt) {
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' })
      execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
    } catch {
      // reported below
    }
  }
  if (!existsSync(CHROMIUM)) {
    console.error(
      `\n✗ The end-to-end tests need Chromium at ${CHROMIUM} and it could not be installed here.\n` +
        '  Install it with `sudo apt-get install -y chromium` (Debian/Ubuntu), or point CHROMIUM_PATH at a Chromium binary.',
    )
    process.exit(1)
  }
}

/**
 * A Debian package a step needs (an outside tool the tests use as a judge, a browser, HAProxy),
 * installed with apt-get when its binary (or, given an absolute path, its file) is missing and
 * this runs as root on a machine with apt, as Chromium is. Otherwise stops with the command to run.
 */
let aptUpdated = false

function ensureDebian(binary: string, pkg: string, purpose: string): void {
  const found = binary.startsWith('/') ? existsSync(binary) : spawnSync('sh', ['-c', `command -v ${binary}`], { encoding: 'utf8' }).status === 0
  if (found) return
  console.log(`${binary} is not installed; installing Debian's ${pkg} package …`)
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    try {
      if (!aptUpdated) execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' })
      aptUpdated = true
      execFileSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
      return
    } catch {
      // reported below
    }
  }
  console.error(`\n✗ ${purpose} needs ${binary} and it could not be installed here: \`sudo apt-get install -y ${pkg}\`.`)
  process.exit(1)
}

const node = process.execPath
step('Generate (Paraglide messages, Panda styles)', node, ['scripts/codegen.mjs'])
step('Lint', node, ['node_modules/eslint/bin/eslint.js', '--max-warnings', '0', '.'])
step('Format (Prettier, checked)', node, ['node_modules/prettier/bin/prettier.cjs', '--check', '.'])
step('Typecheck', node, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json'])
ensureDebian('xmllint', 'libxml2-utils', 'The XLIFF schema test')
// OASIS's XLIFF 2.0 core schema, as Debian ships it with Symfony's translation component (tests/ui/xliff-schema.test.ts).
ensureDebian('/usr/share/php/Symfony/Component/Translation/Resources/schemas/xliff-core-2.0.xsd', 'php-symfony-translation', 'The XLIFF schema test')
// The checks of translations are measured against translate-toolkit's pofilter, run live (decision 045).
ensureDebian('pofilter', 'translate-toolkit', 'The translation checks test')
step('Unit and API tests', node, ['node_modules/vitest/vitest.mjs', 'run'])
// The build lists every file it writes (hundreds of lines): shown only when it fails.
quietStep('Production build', node, ['node_modules/vite/bin/vite.js', 'build'])
// Sizes are deterministic for a build: a page that grew past its ceiling fails here (decision 035).
step('Size budget (first-load JavaScript and CSS of every route)', node, ['node_modules/tsx/dist/cli.mjs', 'bench/size-budget.ts'])
// Every browser the steps below use, installed on a fresh machine here and nowhere else:
// Debian's Chromium (Lighthouse, the benchmarks, Playwright), Firefox ESR, and WebKitGTK's
// WebDriver with a virtual display (e2e/engines, decision 046).
console.log('\n━━ Browsers (Chromium, Firefox ESR, WebKitGTK: installed when missing)')
ensureChromium()
ensureDebian('firefox-esr', 'firefox-esr', 'The browser-engine suite (Firefox ESR)')
ensureDebian('WebKitWebDriver', 'webkit2gtk-driver', 'The browser-engine suite (WebKitGTK)')
ensureDebian('Xvfb', 'xvfb', 'The browser-engine suite (its virtual display for WebKitGTK)')
console.log(`Chromium at ${CHROMIUM}, Firefox ESR, WebKitWebDriver and Xvfb are installed.`)
// The first load as the browser makes it: each screen in Chromium until the network is idle,
// held to its ceiling like the static graph above (decision 035).
step(
  'Size budget in Chromium (what each screen fetches until the network is idle)',
  node,
  ['node_modules/tsx/dist/cli.mjs', 'bench/size-budget.ts', '--browser'],
  { CHROMIUM_PATH: CHROMIUM },
)
// Before e2e: a benchmark that no longer runs fails in about two minutes, not after the whole
// e2e suite. Figures in small mode are not judged; only a benchmark that cannot run fails.
step('Benchmarks, small mode (each must run; timings not judged)', node, ['node_modules/tsx/dist/cli.mjs', 'bench/run-all.ts', '--small'], {
  CHROME_PATH: process.env.CHROME_PATH ?? CHROMIUM,
})
// Decision 044: two built servers on the machine's PostgreSQL behind the example HAProxy
// set-up; a login through it, both servers answering, one stopped while requests flow (0 failed).
ensureDebian('haproxy', 'haproxy', 'The proxy check')
step('Behind a proxy: two servers, HAProxy, a drain (deploy/proxy/check.ts)', node, ['node_modules/tsx/dist/cli.mjs', 'deploy/proxy/check.ts'])
step('End-to-end tests (Playwright, Chromium)', node, ['node_modules/@playwright/test/cli.js', 'test'], { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' })
// The desk's promises in the other engines translators use (docs/decisions/046): Debian's Firefox
// ESR over WebDriver BiDi, and WebKitGTK through WebKitWebDriver on a virtual X display (installed
// in the Browsers step above).
step('The desk in Firefox ESR and WebKitGTK (e2e/engines/run.ts)', node, ['node_modules/tsx/dist/cli.mjs', 'e2e/engines/run.ts'])
console.log('\n✓ All tests passed.')
