import { z } from 'zod'

// Imported first by app/router.tsx, before any module parses with zod (app.config.ts does at
// load). Zod probes for eval (new Function) to compile its parsers; under the page's policy
// (no 'unsafe-eval') the probe is refused and reported as a CSP violation. In the browser it
// parses without compiling; the server keeps the faster compiled parsers.
if (typeof window !== 'undefined') z.config({ jitless: true })
