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
 * The second shared server: the suite runs in two lanes side by side, each against a server and
 * database of its own, so one lane's edits never show in the other's lists. `E2E_BASE_PORT + 40`
 * (the specs' own servers take offsets up to 38).
 */
export const E2E_LANE_B_PORT = PORT + 40
const LANE_B_DATA_DIR = `${DATA_DIR}-lane-b`

/**
 * The specs of lane B: the translation desk's, the screen tour, the company tree and the order
 * screens, which use only their project's server (relative paths, `signIn` and cookies on the
 * project's origin) and take about half of the suite's time. Every other spec runs in lane A, on
 * the first server and its remote-mode partner, or on servers of its own. A spec moves between
 * the lanes to keep them even (`docs/testing.md`).
 */
const LANE_B = /\/(translation(-[^/]*)?|screen-tour|companies-tree|order-screens)\.spec\.ts$/

/**
 * Everything the main server writes in a run (its JSON log lines): e2e/global-teardown.ts
 * searches it for the demo password and issued tokens, which must never be logged.
 */
export const E2E_SERVER_LOG = `${DATA_DIR}.log`
/** The same for lane B's server. */
export const E2E_LANE_B_SERVER_LOG = `${LANE_B_DATA_DIR}.log`

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  globalTeardown: './e2e/global-teardown.ts',
  // Two lanes side by side (a project each, one worker each): files of a lane run one after the
  // other, as their data wants; the lanes share nothing but the machine's two cores.
  fullyParallel: false,
  workers: 2,
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
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], channel: undefined, serviceWorkers: 'block' },
      testIgnore: [/offline\.spec\.ts/, LANE_B],
      workers: 1,
    },
    {
      name: 'chromium-lane-b',
      use: { ...devices['Desktop Chrome'], channel: undefined, serviceWorkers: 'block', baseURL: `http://localhost:${E2E_LANE_B_PORT}` },
      testMatch: LANE_B,
      workers: 1,
    },
    // Service worker tests in a browser of their own (offline emulation lingers); they use servers of their own.
    {
      name: 'offline',
      use: { ...devices['Desktop Chrome'], channel: undefined, serviceWorkers: 'allow' },
      testMatch: /offline\.spec\.ts/,
      workers: 1,
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
      command: `sh -c 'node ${SERVER_NODE_FLAGS.join(' ')} .output/server/index.mjs > ${E2E_LANE_B_SERVER_LOG} 2>&1'`,
      url: `http://localhost:${E2E_LANE_B_PORT}/vue/maintenance/`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: { PORT: String(E2E_LANE_B_PORT), DATA_DIR: LANE_B_DATA_DIR, NODE_ENV: 'production', TRUST_PROXY: '1', JWT_SECRET: E2E_JWT_SECRET },
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
