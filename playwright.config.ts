import { defineConfig, devices } from '@playwright/test'
import { SERVER_NODE_FLAGS } from './scripts/server-node-flags.mjs'

// e2e runs against the production build (npm test builds it first) on a fresh embedded
// database in its own DATA_DIR, in Debian's Chromium — Playwright never downloads a browser.
// E2E_PORT lets two runs share a machine (the remote instance takes the next port).
const PORT = Number(process.env.E2E_PORT ?? 3100)
// A second instance in remote mode: its own empty database, every /vue/ call sent to the first.
export const REMOTE_PORT = PORT + 1
const DATA_DIR = `./data/e2e-${process.pid}`

// A known signing secret, so tests can make a token from another day.
export const E2E_JWT_SECRET = 'e2e-only-signing-secret-0123456789-abcdefghij'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

export const E2E_BASE_PORT = PORT

/**
 * Everything the main server writes in a run (its JSON log lines): e2e/global-teardown.ts
 * searches it for the demo password and issued tokens, which must never be logged.
 */
export const E2E_SERVER_LOG = `${DATA_DIR}.log`

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  globalTeardown: './e2e/global-teardown.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // A page change waits for the server's session answer first; on a machine running other
  // suites at the same time that took more than the default 5 s once (a detail page after a click).
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // Two runs on one machine each need a folder of their own (Playwright empties it first).
  outputDir: process.env.E2E_OUTPUT ?? 'test-results',
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'on-first-retry',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [
    // Without the service worker: it would precache every asset of the build (about 200 files)
    // in each test's new browser context — most of a test's time on a 2-core machine. Tests of
    // offline use opt in with test.use({ serviceWorkers: 'allow' }).
    { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined, serviceWorkers: 'block' }, testIgnore: /offline\.spec\.ts/ },
    // Service worker tests go last, in a browser of their own (offline emulation lingers).
    {
      name: 'offline',
      use: { ...devices['Desktop Chrome'], channel: undefined, serviceWorkers: 'allow' },
      testMatch: /offline\.spec\.ts/,
    },
  ],
  webServer: [
    {
      // Its output also goes to a file (tee), searched for secrets when the run ends.
      command: `sh -c 'node ${SERVER_NODE_FLAGS.join(' ')} .output/server/index.mjs 2>&1 | tee ${E2E_SERVER_LOG}'`,
      url: `http://localhost:${PORT}/vue/maintenance/`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      // It is also the backend of the remote-mode instance, which forwards host and client address.
      env: { PORT: String(PORT), DATA_DIR, NODE_ENV: 'production', TRUST_PROXY: '1', JWT_SECRET: E2E_JWT_SECRET },
    },
    {
      command: `node ${SERVER_NODE_FLAGS.join(' ')} .output/server/index.mjs`,
      url: `http://localhost:${REMOTE_PORT}/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        PORT: String(REMOTE_PORT),
        DATA_DIR: `${DATA_DIR}-remote`,
        NODE_ENV: 'production',
        SEED_DEMO: 'never',
        VUE_BACKEND_URL: `http://127.0.0.1:${PORT}`,
      },
    },
  ],
})
