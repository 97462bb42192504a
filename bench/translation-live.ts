// A colleague's save on the desk (docs/decisions/049, "Claims and live saves"): user A saves a
// text through the API, and user B's desk, polling GET /vue/i18n/live/ at the desk's rhythm
// (POLL_MS after each answer, as live-desk.ts does), sees it. Per round: the time from the start
// of A's save to the answer of B's poll that carries it. Baseline in the same run: the plain save
// call itself, and an idle poll (nothing new). `npm run build && npm run bench:live`
// Small mode (BENCH_SMALL=1): 4 rounds.
import { rmSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { z } from 'zod'
import { POLL_MS } from '../app/features/translation/live-timing'
import { liveEndpoint } from '../src/contract/translation-team'
import { sized } from './lib/mode'
import { writeResult, type Figure } from './lib/result'
import { benchFolder, demoToken, freePort, prepareDataDir, requireBuild, startBuiltServer, stop, waitFor } from './lib/server'

const ROUNDS = sized('BENCH_LIVE_ROUNDS', { full: 20, small: 4 })
const DST = 'fr'

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const worst = (values: number[]) => Math.max(...values)

const envelope = z.object({ status: z.boolean(), data: z.unknown().optional(), messages: z.array(z.string()) })
const textsAnswer = z.object({
  texts: z.array(z.object({ text: z.string() })),
  languages: z.record(z.string(), z.tuple([z.string(), z.record(z.string(), z.string())])),
})

async function call(origin: string, token: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<unknown> {
  const response = await fetch(`${origin}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `JWT ${token}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const answer = envelope.parse(await response.json())
  if (!response.ok || !answer.status) throw new Error(`${path} answered ${response.status}: ${answer.messages.join(' ')}`)
  return answer.data
}

/** B's desk: a poll, then POLL_MS after its answer the next, each answer handed to `seen` with its time. */
function followDesk(origin: string, token: string, seen: (changes: Array<{ key: string; value: string | null }>, at: number) => void) {
  let cursor: string | null = null
  let stopped = false
  const loop = (async () => {
    while (!stopped) {
      const query = `kind=vartext&lang=${DST}${cursor === null ? '' : `&since=${cursor}`}`
      const data = liveEndpoint.data.parse(await call(origin, token, `/vue/i18n/live/?${query}`))
      const at = performance.now()
      if (cursor !== null) seen(data.changes, at)
      cursor = data.cursor
      await sleep(POLL_MS)
    }
  })()
  return {
    cursor: () => cursor,
    stop: async () => {
      stopped = true
      await loop
    },
  }
}

async function main(): Promise<void> {
  requireBuild()
  const dataDir = benchFolder('bench-live-')
  const port = await freePort(3470, 3499)
  const origin = `http://127.0.0.1:${port}`
  await prepareDataDir(dataDir, async () => undefined)
  const server = startBuiltServer({ port, dataDir })
  try {
    await waitFor(`${origin}/vue/maintenance/`, 120_000, server)
    const [a, b] = await Promise.all([demoToken(origin, 'translator'), demoToken(origin, 'reviewer')])
    const texts = textsAnswer.parse(await call(origin, a, `/vue/i18n/vartext/?src=master&dst=${DST}`))
    const keys = texts.texts.map((entry) => entry.text)
    if (keys.length < ROUNDS) throw new Error(`only ${keys.length} vartexts, ${ROUNDS} rounds`)

    let waiting: { key: string; value: string; resolve: (at: number) => void } | null = null
    const desk = followDesk(origin, b, (changes, at) => {
      if (waiting && changes.some((change) => change.key === waiting!.key && change.value === waiting!.value)) waiting.resolve(at)
    })
    // The desk's first poll (the cursor) before the first save.
    await sleep(POLL_MS / 2)

    const seenAfter: number[] = []
    const saves: number[] = []
    const savedValues = new Map<string, string>()
    for (let round = 0; round < ROUNDS; round++) {
      const key = keys[round]!
      const value = `Bench live ${round} ${Date.now()}`
      const shown = new Promise<number>((resolve) => (waiting = { key, value, resolve }))
      const started = performance.now()
      const body = { languages: { [DST]: ['', { [key]: value }] }, changes: { [DST]: [key] }, pid2trus: {} }
      await call(origin, a, '/vue/i18n/vartext/', { method: 'POST', body })
      saves.push(performance.now() - started)
      savedValues.set(key, value)
      seenAfter.push((await shown) - started)
      waiting = null
      // The next save falls at another moment of the desk's rhythm (spread over one interval).
      await sleep(((round * 0.618) % 1) * POLL_MS)
    }
    await desk.stop()
    // What a poll with nothing new costs the server: one after the other, from the last cursor.
    // It answers again the texts saved in the last seconds (decision 049), nothing else.
    const idle: number[] = []
    for (let poll = 0; poll < ROUNDS; poll++) {
      const started = performance.now()
      const data = liveEndpoint.data.parse(await call(origin, b, `/vue/i18n/live/?kind=vartext&lang=${DST}&since=${desk.cursor()}`))
      if (data.changes.some((change) => savedValues.get(change.key) !== change.value)) throw new Error('an idle poll found changes the bench did not make')
      idle.push(performance.now() - started)
    }

    const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`
    console.log(`\n${ROUNDS} rounds, the desk polling every ${POLL_MS} ms after each answer`)
    console.log(`save seen on the other desk   median ${ms(median(seenAfter))}   worst ${ms(worst(seenAfter))}`)
    console.log(`baseline: the save call       median ${ms(median(saves))}   worst ${ms(worst(saves))}`)
    console.log(`an idle poll (nothing new)    median ${ms(median(idle))}   worst ${ms(worst(idle))}   (${idle.length} polls)`)
    console.log(
      `ratio seen/save at the median: ${(median(seenAfter) / median(saves)).toFixed(1)}; worst seen / poll interval: ${(worst(seenAfter) / POLL_MS).toFixed(2)}`,
    )
    writeResult([
      {
        figure: 'save seen on the other desk, median',
        value: median(seenAfter),
        unit: 'ms',
        baseline: { figure: 'the save call, median', value: median(saves) },
      },
      { figure: 'save seen on the other desk, worst', value: worst(seenAfter), unit: 'ms', baseline: { figure: 'the save call, worst', value: worst(saves) } },
      { figure: 'idle poll, median', value: median(idle), unit: 'ms', baseline: { figure: 'the save call, median', value: median(saves) } },
    ] satisfies Figure[])
  } finally {
    await stop(server)
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
