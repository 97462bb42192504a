// GET /vue/i18n/progress/ (docs/decisions/049), in-process on a seeded embedded database: its
// time, and the time of its quality checks over every current translation alone, each as a
// ratio to the desk's vartext read (master → fr) measured in the same run; on the demo data,
// then with BENCH_PROGRESS_TEXTS generated vartexts more (translated into de, en and fr, a
// third of them with an issue). `npm run bench:progress`. Small mode (BENCH_SMALL=1): one run
// of each, 500 texts more.
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { openFreshDatabase } from '../tests/helpers/fresh-database'
import { useDatabase } from '../src/server/db/instance.server'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/server/seed/demo-accounts'
import { issueCounts } from '../src/server/services/translation/progress-issues.server'
import { handleVueRequest } from '../src/server/http-api/dispatch.server'
import { SMALL, sized } from './lib/mode'
import { writeResult } from './lib/result'

const RUNS = SMALL ? 1 : 9
const EXTRA = sized('BENCH_PROGRESS_TEXTS', { full: 20_000, small: 500 })

const database = await openFreshDatabase({ seed: true })
useDatabase(database)

async function call(path: string, init: { token?: string; body?: unknown } = {}) {
  const headers = new Headers({ 'accept-language': 'en' })
  if (init.token) headers.set('authorization', `JWT ${init.token}`)
  if (init.body !== undefined) headers.set('content-type', 'application/json')
  const request = new Request(`http://localhost${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const response = await handleVueRequest(request, { clientAddress: '127.0.0.1' })
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${await response.text()}`)
  return z.object({ data: z.unknown() }).parse(await response.json()).data
}

async function medianMs(run: () => Promise<unknown>): Promise<number> {
  await run()
  const times: number[] = []
  for (let index = 0; index < RUNS; index += 1) {
    const start = performance.now()
    await run()
    times.push(performance.now() - start)
  }
  return [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!
}

const login = z.object({ jwt: z.string() }).parse(await call('/vue/login/', { body: { username: DEMO_ACCOUNTS.translator.username, password: DEMO_PASSWORD } }))
type Measured = { texts: number; values: number; read: number; progress: number; checks: number }

async function measure(): Promise<Measured> {
  const counted = z
    .object({ rows: z.array(z.object({ texts: z.coerce.number(), values: z.coerce.number() })) })
    .parse(
      await database.db.execute(
        sql`select (select count(*) from texts) as texts, (select count(*) from translations t join translation_languages l on l.code = t.language_code and not l.is_master) as values`,
      ),
    ).rows[0]!
  const read = await medianMs(() => call('/vue/i18n/vartext/?src=master&dst=fr', { token: login.jwt }))
  const progress = await medianMs(() => call('/vue/i18n/progress/', { token: login.jwt }))
  const checks = await medianMs(() =>
    issueCounts(database.db, sql`select kind::text as area, null::integer as catalogue_id, id as text_id from texts`, ['de', 'en', 'fr']),
  )
  return { ...counted, read, progress, checks }
}

function report(name: string, run: Measured) {
  console.log(`${name}: ${run.texts} texts, ${run.values} translations; median of ${RUNS} runs`)
  console.log(`  vartext read (fr)          ${run.read.toFixed(1)} ms`)
  console.log(`  progress                   ${run.progress.toFixed(1)} ms  (${(run.progress / run.read).toFixed(2)} × the read)`)
  console.log(`  of it, the checks alone    ${run.checks.toFixed(1)} ms  (${(run.checks / run.read).toFixed(2)} × the read)`)
}

const demo = await measure()
await database.db.execute(sql`
  insert into texts (kind, key, tags)
  select 'vartext', 'BENCH-' || lpad(i::text, 6, '0'), array['bench'] from generate_series(1, ${EXTRA}) as i`)
await database.db.execute(sql`
  insert into translations (text_id, language_code, value)
  select t.id, l.code, case when l.code = 'master' then 'Schublade Nummer ' || t.id || ' mit {0} Griffen.'
                            when t.id % 3 = 0 then 'Drawer ' || t.id || ' with handles'
                            else 'Drawer number ' || t.id || ' with {0} handles.' end
    from texts t cross join translation_languages l where t.key like 'BENCH-%'`)
const grown = await measure()
await database.dispose()

report('Demo data', demo)
report(`With ${EXTRA} vartexts more`, grown)
const figures = (name: string, run: Measured) => {
  const baseline = { figure: `${name}: vartext read (fr)`, value: run.read }
  return [
    { figure: `${name}: progress`, value: run.progress, unit: 'ms', baseline },
    { figure: `${name}: progress's quality checks of every translation`, value: run.checks, unit: 'ms', baseline },
  ]
}
writeResult([...figures('demo data', demo), ...figures(`+${EXTRA} vartexts`, grown)])
