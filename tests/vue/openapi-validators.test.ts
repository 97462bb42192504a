import SwaggerParser from '@apidevtools/swagger-parser'
import openapiTS, { astToString } from 'openapi-typescript'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { openApiDocument } from '../../src/server/vue/openapi.server'

// /vue/openapi.json through real tools: swagger-parser validates it against the OpenAPI 3.1
// schema and resolves every $ref, openapi-typescript generates the types of a client from it,
// and a small typed client against those types must compile (decision 019).
type ParserDocument = Exclude<Parameters<typeof SwaggerParser.validate>[0], string>
const parserDocument = z.custom<ParserDocument>((value) => typeof value === 'object' && value !== null && 'openapi' in value && 'paths' in value)

/** A client written against the generated types: it compiles only if the document says what the API does. */
const CLIENT = `
import type { components, paths } from './api'

type Op<P extends keyof paths, M extends 'get' | 'post'> = NonNullable<paths[P][M]>
type Answer<P extends keyof paths, M extends 'get' | 'post', S extends number> = Op<P, M> extends { responses: Record<S, { content: { 'application/json': infer A } }> } ? A : never

export async function login(body: NonNullable<Op<'/vue/login/', 'post'>['requestBody']>['content']['application/json']): Promise<string | string[]> {
  const response = await fetch('/vue/login/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const answer: Answer<'/vue/login/', 'post', 200> | Answer<'/vue/login/', 'post', 401> = await response.json()
  return answer.status ? answer.data.jwt : answer.messages
}
login({ username: 'staff@example.com', password: 'long enough' })

declare const conflict: Answer<'/vue/i18n/save/', 'post', 409>
export const error: string = conflict.error
export const theirs = conflict.data?.conflicts.map((entry) => entry.theirs.stamp)

declare const orders: Answer<'/vue/basket/list/', 'get', 200>
export const numbers: string[] = orders.data.orders.map((order) => order.basket_number)
export const everyTab: 'open' | 'in_process' | 'finished' | null = orders.data.tab

declare const pastTheEnd: Answer<'/vue/price/logs/', 'get', 404>
export const lastPage: number | undefined = pastTheEnd.data?.pages

type UploadForm = NonNullable<Op<'/vue/price/upload/', 'post'>['requestBody']>['content']['multipart/form-data']
export const upload: UploadForm = { prices: 'file', dry_run: '1' }
// @ts-expect-error the file field is "prices"
export const wrongField: UploadForm = { file: 'file' }

declare const tree: components['schemas']['CatalogNode']
export const leaves: number[] = tree.children.flatMap((child) => child.children.map((leaf) => leaf.id))
`

function compile(files: Record<string, string>): string[] {
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
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

describe('/vue/openapi.json through real tools', () => {
  it('validates with swagger-parser (OpenAPI 3.1 schema, every $ref resolved)', async () => {
    await expect(SwaggerParser.validate(parserDocument.parse(structuredClone(openApiDocument())))).resolves.toBeTruthy()
  })

  it('generates a typed client with openapi-typescript that compiles', async () => {
    const types = astToString(await openapiTS(Buffer.from(JSON.stringify(openApiDocument()))))
    expect(types).toContain('"/vue/i18n/save/"')
    expect(compile({ 'api.ts': types, 'client.ts': CLIENT })).toEqual([])
  })
})

describe('the client check itself', () => {
  it('catches a client that does not fit the types', () => {
    const types =
      "export interface paths { '/vue/login/': { post: { requestBody: { content: { 'application/json': { username: string } } }; responses: {} } } }\nexport interface components { schemas: {} }"
    const client =
      "import type { paths } from './api'\nexport const body: paths['/vue/login/']['post']['requestBody']['content']['application/json'] = { username: 1 }"
    expect(compile({ 'api.ts': types, 'client.ts': client }).join('\n')).toContain("Type 'number' is not assignable to type 'string'")
    expect(compile({ 'api.ts': types, 'client.ts': client.replace('username: 1', "username: 'x'") })).toEqual([])
  })
})
