import vm from 'node:vm'
import ts from 'typescript'
import { z } from 'zod'

// TypeScript files held in memory (a generated api.ts and a client written against it):
// type-checked as a strict project would, and run. The openapi-validators test uses both.

/** The compiler's diagnostics for the files (named as in their imports: './api' is api.ts). */
export function compile(files: Record<string, string>): string[] {
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
  }
  const host = ts.createCompilerHost(options)
  const virtual = new Map(Object.entries(files).map(([name, text]) => [`/virtual/${name}`, text]))
  const original = { getSourceFile: host.getSourceFile.bind(host), fileExists: host.fileExists.bind(host), readFile: host.readFile.bind(host) }
  host.getSourceFile = (name, language, ...rest) => {
    const text = virtual.get(name)
    return text === undefined ? original.getSourceFile(name, language, ...rest) : ts.createSourceFile(name, text, language)
  }
  host.fileExists = (name) => virtual.has(name) || original.fileExists(name)
  host.readFile = (name) => virtual.get(name) ?? original.readFile(name)
  const directoryExists = host.directoryExists?.bind(host)
  host.directoryExists = (name) => name === '/virtual' || (directoryExists?.(name) ?? true)
  const program = ts.createProgram([...virtual.keys()], options, host)
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
}

const moduleBody = z.custom<(exports: Record<string, unknown>) => void>((value) => typeof value === 'function', 'not a function')

/**
 * The exports of a TypeScript module that imports nothing at run time (type imports are
 * erased), run in this process: the client calls what the test hands it.
 */
export function loadModule(source: string): Record<string, unknown> {
  const { outputText } = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2023 } })
  const exports: Record<string, unknown> = {}
  moduleBody.parse(vm.runInThisContext(`(function (exports) {${outputText}\n})`))(exports)
  return exports
}
