// What each route of the route tree loads first, read from the production build: the scripts
// its page links (TanStack Start's manifest: the root's preloads, then each route's down the
// tree) and everything they import statically, each counted once; dynamic import() is left
// out (loaded on use: the user menu, the toast region, a dialog). Sizes are deterministic for
// a build, so `npm test` can hold them to a budget (bench/size-budget.ts). CSS is every
// stylesheet of the build (one, linked by every page).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { z } from 'zod'

export type RouteWeight = { route: string; scripts: number; rawBytes: number; gzipBytes: number; cssGzipBytes: number; files: string[] }

const manifestSchema = z.object({
  routes: z.record(z.string(), z.object({ children: z.array(z.string()).optional(), preloads: z.array(z.string()).optional() })),
})
type Manifest = z.infer<typeof manifestSchema>

// Static imports of a built chunk: `import{…}from"./x.js"` and bare `import"./x.js"`.
const STATIC_IMPORT = /(?:^|[;\n}])\s*import\s*(?:[\w$*{}\s,]+from\s*)?["']\.\/([^"']+\.js)["']/g

const gzipLevel6 = (body: Buffer) => gzipSync(body, { level: 6 }).length

async function readManifest(outputDir: string): Promise<Manifest> {
  const serverDir = join(outputDir, 'server')
  const file = existsSync(serverDir) ? readdirSync(serverDir).find((name) => name.startsWith('_tanstack-start-manifest') && name.endsWith('.mjs')) : undefined
  if (!file) throw new Error(`No TanStack Start manifest in ${serverDir}: run \`npm run build\` first.`)
  const module: Record<string, unknown> = await import(pathToFileURL(resolve(serverDir, file)).href)
  const make = Object.values(module).find((value): value is () => unknown => typeof value === 'function')
  if (!make) throw new Error(`${file} exports no manifest function`)
  return manifestSchema.parse(make())
}

export async function routeWeights(outputDir = '.output'): Promise<RouteWeight[]> {
  const manifest = await readManifest(outputDir)
  const publicDir = join(outputDir, 'public')
  const chunks = new Map<string, { raw: number; gzip: number; imports: string[] }>()
  const chunk = (url: string) => {
    const known = chunks.get(url)
    if (known) return known
    const body = readFileSync(join(publicDir, url))
    const folder = url.slice(0, url.lastIndexOf('/') + 1)
    const imports = [...body.toString('utf8').matchAll(STATIC_IMPORT)].map((match) => folder + match[1])
    const entry = { raw: body.length, gzip: gzipLevel6(body), imports }
    chunks.set(url, entry)
    return entry
  }
  const assetsDir = join(publicDir, 'assets')
  const cssGzipBytes = readdirSync(assetsDir)
    .filter((name) => name.endsWith('.css'))
    .reduce((sum, name) => sum + gzipLevel6(readFileSync(join(assetsDir, name))), 0)

  const parentOf = new Map<string, string>()
  for (const [id, route] of Object.entries(manifest.routes)) for (const child of route.children ?? []) parentOf.set(child, id)
  const weights: RouteWeight[] = []
  for (const id of Object.keys(manifest.routes)) {
    if (id === '__root__') continue
    const chain: string[] = []
    for (let at: string | undefined = id; at; at = parentOf.get(at)) chain.unshift(at)
    const files = new Set<string>()
    const todo = chain.flatMap((at) => manifest.routes[at]?.preloads ?? [])
    for (let url = todo.pop(); url !== undefined; url = todo.pop()) {
      if (files.has(url)) continue
      files.add(url)
      todo.push(...chunk(url).imports)
    }
    let rawBytes = 0
    let gzipBytes = 0
    for (const url of files) {
      rawBytes += chunk(url).raw
      gzipBytes += chunk(url).gzip
    }
    weights.push({ route: id, scripts: files.size, rawBytes, gzipBytes, cssGzipBytes, files: [...files].sort() })
  }
  return weights.sort((a, b) => a.route.localeCompare(b.route))
}
