import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { routeWeights } from '../../bench/lib/route-weights'
import { targetKb } from '../../bench/lib/size-limits'

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
