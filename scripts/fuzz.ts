// `npm run fuzz`: the generated hostile-input suite of tests/fuzz at full size — 1,000 cases per
// operation of /vue/openapi.json and 1,000 mutated tokens (npm test runs 100 and 1,000) — and
// the table of statuses per operation. FUZZ_RUNS, FUZZ_TOKENS and FUZZ_SEED override the sizes
// and the seed (a failure prints the seed and the shrunk case to repeat it).
import { spawnSync } from 'node:child_process'

const env = { ...process.env, FUZZ_RUNS: process.env.FUZZ_RUNS ?? '1000', FUZZ_TOKENS: process.env.FUZZ_TOKENS ?? '1000' }
const result = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', 'tests/fuzz'], { stdio: 'inherit', env })
process.exit(result.status ?? 1)
