import { builtinModules } from 'node:module'
import path from 'node:path'

// The house rules ESLint has no built-in rule for (docs/decisions/026-house-rules-in-tools.md):
// which folder may import which (DESIGN.md section 2), and kebab-case file names. Paths are
// compared from the project root, so `../ui/x` and `../../app/ui/x` count the same.

const BUILTINS = new Set(builtinModules)
const SOURCE_EXTENSION = /\.(?:[cm]?[jt]sx?)$/

/** Project-relative path with forward slashes, without a source file's extension. */
function projectPath(cwd, file) {
  return path.relative(cwd, file).split(path.sep).join('/').replace(SOURCE_EXTENSION, '')
}

/** `folder` itself or anything below it. */
function isIn(file, folder) {
  return file === folder || file.startsWith(`${folder}/`)
}

/** A bare specifier's package matches a listed name; `node:*` stands for every Node built-in. */
function matchesPackage(specifier, name) {
  if (name === 'node:*') return specifier.startsWith('node:') || BUILTINS.has(specifier.split('/')[0])
  return specifier === name || specifier.startsWith(`${name}/`)
}

function importSources(report) {
  const check = (source) => {
    if (source && source.type === 'Literal' && typeof source.value === 'string') report(source, source.value)
  }
  return {
    ImportDeclaration: (n) => check(n.source),
    ExportNamedDeclaration: (n) => check(n.source),
    ExportAllDeclaration: (n) => check(n.source),
    ImportExpression: (n) => check(n.source),
  }
}

const zoneSchema = {
  type: 'object',
  properties: {
    from: { type: 'string' },
    folders: { type: 'array', items: { type: 'string' } },
    packages: { type: 'array', items: { type: 'string' } },
    because: { type: 'string' },
  },
  required: ['from', 'because'],
  additionalProperties: false,
}

const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports flow one way between the project folders (DESIGN.md section 2).' },
    schema: [
      {
        type: 'object',
        properties: {
          zones: { type: 'array', items: zoneSchema },
          features: { type: 'string' },
          allow: { type: 'array', items: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2 } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      folder: "'{{from}}' may not import from {{folder}}/ ('{{specifier}}'): {{because}}.",
      package: "'{{from}}' may not import '{{specifier}}': {{because}}.",
      feature: "Feature '{{area}}' may not import feature '{{other}}' ('{{specifier}}'): move the shared piece to app/ui or src/domain.",
    },
  },
  create(context) {
    const { zones = [], features = null, allow = [] } = context.options[0] ?? {}
    const cwd = context.cwd
    const from = projectPath(cwd, context.filename)
    if (from.startsWith('..')) return {}
    const active = zones.filter((zone) => isIn(from, zone.from))
    const allowed = new Set(allow.map(([a, b]) => `${a.replace(SOURCE_EXTENSION, '')}\n${b.replace(SOURCE_EXTENSION, '')}`))
    const area = features && isIn(from, features) ? from.slice(features.length + 1).split('/')[0] : null

    return importSources((node, specifier) => {
      const relative = specifier.startsWith('./') || specifier.startsWith('../')
      if (!relative) {
        for (const zone of active) {
          if ((zone.packages ?? []).some((pkg) => matchesPackage(specifier, pkg)))
            context.report({ node, messageId: 'package', data: { from, specifier, because: zone.because } })
        }
        return
      }
      const target = projectPath(cwd, path.resolve(path.dirname(context.filename), specifier))
      if (allowed.has(`${from}\n${target}`)) return
      for (const zone of active) {
        const folder = (zone.folders ?? []).find((f) => isIn(target, f))
        if (folder) context.report({ node, messageId: 'folder', data: { from, folder, specifier, because: zone.because } })
      }
      if (area && isIn(target, features)) {
        const other = target.slice(features.length + 1).split('/')[0]
        if (other && other !== area) {
          context.report({ node, messageId: 'feature', data: { area, other, specifier } })
        }
      }
    })
  },
}

const KEBAB_SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

const kebabCaseFilename = {
  meta: {
    type: 'suggestion',
    docs: { description: 'File names are kebab-case (dot-separated suffixes such as .server.ts count as parts).' },
    schema: [],
    messages: { name: "File name '{{name}}' is not kebab-case (e.g. 'texts-workspace.tsx', 'save.server.ts')." },
  },
  create(context) {
    const name = path.basename(context.filename)
    if (name.split('.').every((part) => KEBAB_SEGMENT.test(part))) return {}
    return {
      Program(node) {
        context.report({ node, loc: { line: 1, column: 0 }, messageId: 'name', data: { name } })
      },
    }
  },
}

export default {
  meta: { name: 'house-rules' },
  rules: { 'import-boundaries': importBoundaries, 'kebab-case-filename': kebabCaseFilename },
}
