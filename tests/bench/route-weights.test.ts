import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { routeWeights } from '../../bench/lib/route-weights'
import type { FirstLoad } from '../../bench/lib/first-load-browser'
import { printFirstLoads, targetKb } from '../../bench/lib/size-limits'

// A build in miniature: the manifest TanStack Start writes, and chunks that import each other
// statically and dynamically.
const output = mkdtempSync(join(tmpdir(), 'route-weights-'))
afterAll(() => rmSync(output, { recursive: true, force: true }))

const chunks: Record<string, string> = {
  'entry.js': 'import{a as b}from"./shared.js";import"./side.js";const late=()=>import("./lazy.js");export{late}',
  'shared.js': 'export const a=1;'.repeat(50),
  'side.js': 'globalThis.x=1',
  'lazy.js': 'export const big="' + 'x'.repeat(5000) + '"',
  'home.js': 'import{a}from"./shared.js";export default a',
  'login.js': 'import{a}from"./shared.js";import{c}from"./form.js";export{a,c}',
  'form.js': 'export const c="' + 'form'.repeat(300) + '"',
}
mkdirSync(join(output, 'public', 'assets'), { recursive: true })
mkdirSync(join(output, 'server'))
for (const [name, body] of Object.entries(chunks)) writeFileSync(join(output, 'public', 'assets', name), body)
writeFileSync(join(output, 'public', 'assets', 'index.css'), 'body{margin:0}')
const manifest = {
  routes: {
    __root__: { children: ['/', '/{-$location}/login'], preloads: ['/assets/entry.js'] },
    '/': { preloads: ['/assets/home.js'] },
    '/{-$location}/login': { preloads: ['/assets/login.js'] },
  },
}
writeFileSync(
  join(output, 'server', '_tanstack-start-manifest_v-test.mjs'),
  `var m = () => (${JSON.stringify(manifest)});\nexport { m as tsrStartManifest };\n`,
)

const gz = (name: string) => gzipSync(chunks[name] ?? '', { level: 6 }).length

describe('routeWeights', () => {
  it('counts the root and the route chunks and their static imports once each, without dynamic imports', async () => {
    const weights = await routeWeights(output)
    expect(weights.map((weight) => weight.route)).toEqual(['/', '/{-$location}/login'])
    const [home, login] = weights
    expect(home?.files).toEqual(['/assets/entry.js', '/assets/home.js', '/assets/shared.js', '/assets/side.js'])
    expect(home?.gzipBytes).toBe(gz('entry.js') + gz('home.js') + gz('shared.js') + gz('side.js'))
    expect(login?.files).toContain('/assets/form.js')
    expect(login?.files).not.toContain('/assets/lazy.js')
    expect(login?.rawBytes).toBe(['entry.js', 'shared.js', 'side.js', 'login.js', 'form.js'].reduce((sum, name) => sum + (chunks[name]?.length ?? 0), 0))
    expect(home?.cssGzipBytes).toBe(gzipSync('body{margin:0}', { level: 6 }).length)
  })

  it('refuses a folder without a build', async () => {
    await expect(routeWeights(join(output, 'nothing'))).rejects.toThrow(/npm run build/)
  })

  it('holds home and login to 150 KB, every other screen to 200 KB', () => {
    expect(targetKb('/')).toBe(150)
    expect(targetKb('/{-$location}/login')).toBe(150)
    expect(targetKb('/companies/$cid')).toBe(200)
  })
})

describe('the first load in the browser against its ceilings', () => {
  const load = (name: string, scriptKb: number, cssKb = 10): FirstLoad => ({
    screen: { name, path: `/${name}`, account: null },
    scripts: 3,
    scriptGzipBytes: scriptKb * 1024,
    cssGzipBytes: cssKb * 1024,
    transferredBytes: scriptKb * 1024,
    requests: 4,
    files: [],
  })
  const quiet = <T>(run: () => T): T => {
    const log = console.log
    console.log = () => undefined
    try {
      return run()
    } finally {
      console.log = log
    }
  }

  it('holds home and login to 150 KB and the other screens to 200 KB when they have no ceiling', () => {
    expect(targetKb('home')).toBe(150)
    expect(targetKb('login')).toBe(150)
    expect(quiet(() => printFirstLoads([load('home', 149), load('companies', 199)], {}))).toEqual([])
    expect(quiet(() => printFirstLoads([load('login', 152)], {}))).toEqual([expect.stringMatching(/^login: 152\.0 KB .* ceiling 150 KB$/)])
  })

  it('lets a screen above its target stay at its ceiling, and no further', () => {
    expect(quiet(() => printFirstLoads([load('home', 231)], { home: 232 }))).toEqual([])
    expect(quiet(() => printFirstLoads([load('home', 240)], { home: 232 }))).toEqual([expect.stringMatching(/^home: 240\.0 KB .* ceiling 232 KB$/)])
  })

  it('fails CSS above 30 KB', () => {
    expect(quiet(() => printFirstLoads([load('companies', 100, 31)], {}))).toEqual([expect.stringMatching(/^companies: CSS 31\.0 KB gzip/)])
  })
})
