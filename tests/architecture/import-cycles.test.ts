import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

// No import circles in app/ and src/: a module of a circle can run before the one it imports
// has set its exports (a `const` read in the temporal dead zone, an `undefined` at load), and the
// bundler cannot split a circle into separate chunks. The graph holds the imports that exist at
// run time: static `import` / `export … from`, and a dynamic `import()` — a part loaded on demand
// that imports a value back from the module loading it ties the two together as well (its chunk
// needs the loader's), so such a back import belongs in a small module both import. `import type`
// / `export type … from` are erased and make no edge; an import whose named bindings are all
// `type` ones stays (verbatimModuleSyntax keeps it as `import {} from`). Generated files (the
// route tree, Paraglide's messages, Panda's styled-system) are left out.
const ROOT = resolve(import.meta.dirname, '../..')
const SOURCE_DIRS = ['app', 'src']
const GENERATED = ['app/routeTree.gen.ts', 'src/paraglide/', 'styled-system/']
const EXTENSIONS = ['.ts', '.tsx']

/** Circles that remain, each named by its files in sorted order; a fixed one must be removed. */
const KNOWN_CYCLES: string[][] = []

const isGenerated = (file: string): boolean => GENERATED.some((prefix) => (prefix.endsWith('/') ? file.startsWith(prefix) : file === prefix))
const isSource = (file: string): boolean =>
  SOURCE_DIRS.some((dir) => file.startsWith(`${dir}/`)) && EXTENSIONS.some((ext) => file.endsWith(ext)) && !file.endsWith('.d.ts') && !isGenerated(file)

function listFiles(dir: string): string[] {
  const found: string[] = []
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`
    if (entry.isDirectory()) found.push(...listFiles(path))
    else if (isSource(path)) found.push(path)
  }
  return found
}

/** The path aliases of tsconfig.json (`"@/*": ["./src/*"]`), as prefix → target directories. */
function readAliases(): [string, string[]][] {
  const { config } = ts.readConfigFile(join(ROOT, 'tsconfig.json'), (path) => ts.sys.readFile(path))
  const options = (config?.compilerOptions ?? {}) as { baseUrl?: string; paths?: Record<string, string[]> }
  const base = resolve(ROOT, options.baseUrl ?? '.')
  return Object.entries(options.paths ?? {}).map(([alias, targets]) => [
    alias.replace(/\*$/, ''),
    targets.map((target) => resolve(base, target.replace(/\*$/, ''))),
  ])
}

const isFile = (path: string): boolean => existsSync(path) && statSync(path).isFile()

/** The file a specifier names (with or without its extension, or a folder's index), if any. */
function resolveFile(base: string): string | undefined {
  const bare = base.replace(/\.(js|jsx|mjs|ts|tsx)$/, '')
  const candidates = [base, ...EXTENSIONS.map((ext) => bare + ext), ...EXTENSIONS.map((ext) => join(base, `index${ext}`))]
  const found = candidates.find(isFile)
  return found === undefined ? undefined : relative(ROOT, found).split(sep).join('/')
}

function resolveSpecifier(from: string, specifier: string, aliases: [string, string[]][]): string | undefined {
  if (specifier.startsWith('.')) return resolveFile(resolve(ROOT, dirname(from), specifier))
  for (const [prefix, targets] of aliases) {
    if (!specifier.startsWith(prefix)) continue
    for (const target of targets) {
      const file = resolveFile(join(target, specifier.slice(prefix.length)))
      if (file !== undefined) return file
    }
  }
  return undefined
}

/** The specifiers of a file's imports and re-exports that remain at run time, `import()` ones too. */
function runtimeSpecifiers(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const specifiers: string[] = []
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      if (statement.importClause?.isTypeOnly) continue
      if (ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text)
    } else if (ts.isExportDeclaration(statement)) {
      if (statement.isTypeOnly || statement.moduleSpecifier === undefined) continue
      if (ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text)
    }
  }
  const visit = (node: ts.Node): void => {
    const [argument] = ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword ? node.arguments : []
    if (argument !== undefined && ts.isStringLiteralLike(argument)) specifiers.push(argument.text)
    ts.forEachChild(node, visit)
  }
  visit(source)
  return specifiers
}

function importGraph(): Map<string, string[]> {
  const aliases = readAliases()
  const files = SOURCE_DIRS.flatMap(listFiles).sort()
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const targets = runtimeSpecifiers(file, readFileSync(join(ROOT, file), 'utf8'))
      .map((specifier) => resolveSpecifier(file, specifier, aliases))
      .filter((target): target is string => target !== undefined && isSource(target))
    graph.set(file, [...new Set(targets)].sort())
  }
  return graph
}

/** Tarjan's strongly connected components: the ones of more than one file, or a file importing itself. */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (file: string): void => {
    index.set(file, next)
    low.set(file, next)
    next += 1
    stack.push(file)
    onStack.add(file)
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(file, Math.min(low.get(file)!, low.get(target)!))
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!))
    }
    if (low.get(file) !== index.get(file)) return
    const component: string[] = []
    let member: string | undefined
    do {
      member = stack.pop()!
      onStack.delete(member)
      component.push(member)
    } while (member !== file)
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) found.push(component.sort())
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!))
}

/** The shortest chain inside a component from its first file back to it: `a → b → a`. */
function chain(graph: Map<string, string[]>, component: string[]): string {
  const members = new Set(component)
  const start = component[0]!
  const previous = new Map<string, string>()
  const queue = [start]
  while (queue.length > 0) {
    const file = queue.shift()!
    for (const target of graph.get(file) ?? []) {
      if (!members.has(target)) continue
      if (target === start) {
        const path = [file]
        while (path[0] !== start) path.unshift(previous.get(path[0]!)!)
        return [...path, start].join(' → ')
      }
      if (!previous.has(target)) {
        previous.set(target, file)
        queue.push(target)
      }
    }
  }
  return start
}

describe('import graph of app/ and src/', () => {
  const graph = importGraph()

  it('reads the files and their imports', () => {
    expect(graph.size).toBeGreaterThan(100)
    expect([...graph.values()].some((targets) => targets.length > 0)).toBe(true)
  })

  it('has no import circle beyond the known ones', () => {
    const known = new Set(KNOWN_CYCLES.map((cycle) => cycle.join('\n')))
    const found = circles(graph)
    const fresh = found.filter((component) => !known.has(component.join('\n')))
    const report = fresh.map((component) => `${chain(graph, component)}${component.length > 2 ? `\n    (all of: ${component.join(', ')})` : ''}`)
    expect(report, `Import circles:\n  ${report.join('\n  ')}`).toEqual([])
  })

  it('lists only circles that still exist', () => {
    const found = new Set(circles(graph).map((component) => component.join('\n')))
    const gone = KNOWN_CYCLES.filter((cycle) => !found.has(cycle.join('\n')))
    expect(gone, 'Fixed circles still on the KNOWN_CYCLES list').toEqual([])
  })
})

describe('the circle finder', () => {
  it('finds a circle and names it as a chain', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
    ])
    const found = circles(graph)
    expect(found).toEqual([['a.ts', 'b.ts', 'c.ts']])
    expect(chain(graph, found[0]!)).toBe('a.ts → b.ts → c.ts → a.ts')
  })

  it('leaves type-only imports out of the graph and keeps dynamic ones', () => {
    const text = "import type { A } from './a'\nexport type { B } from './b'\nimport { c } from './c'\nexport * from './d'\nconst e = () => import('./e')\n"
    const kept = runtimeSpecifiers('x.ts', text)
    expect(kept).toEqual(['./c', './d', './e'])
  })
})
