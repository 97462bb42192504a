import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { allImplementations } from '../../src/server/endpoint/registry.server'
import { startApi, type TestApi } from '../helpers/api'

let api: TestApi
beforeAll(async () => {
  api = await startApi({ seed: false })
})
afterAll(() => api.close())

describe('the /vue/ contract', () => {
  it('describes every endpoint in /vue/openapi.json', async () => {
    const response = await fetchOpenApi()
    const doc = z.object({ openapi: z.string(), paths: z.record(z.string(), z.record(z.string(), z.object({ operationId: z.string() }))) }).parse(response)
    expect(doc.openapi).toBe('3.1.0')
    for (const { endpoint } of allImplementations) {
      expect(doc.paths[endpoint.path]?.[endpoint.method.toLowerCase()]?.operationId).toBe(endpoint.id)
    }
  })

  it('answers unknown endpoints with 404 in the envelope', async () => {
    const result = await api.request('GET', '/vue/no-such-thing/')
    expect(result.httpStatus).toBe(404)
    expect(result.status).toBe(false)
    expect(result.messages[0]).toMatch(/no such address/)
  })

  it('answers a wrong method with 405 and the allowed one', async () => {
    const result = await api.request('GET', '/vue/login/')
    expect(result.httpStatus).toBe(405)
    expect(result.headers.get('allow')).toBe('POST, OPTIONS')
  })

  it('answers paths with and without the trailing slash', async () => {
    expect((await api.request('GET', '/vue/maintenance/')).httpStatus).toBe(200)
    expect((await api.request('GET', '/vue/maintenance')).httpStatus).toBe(200)
  })

  it('never caches answers', async () => {
    expect((await api.request('GET', '/vue/maintenance/')).headers.get('cache-control')).toBe('no-store')
  })
})

async function fetchOpenApi(): Promise<unknown> {
  const { handleVueRequest } = await import('../../src/server/http-api/dispatch.server')
  const response = await handleVueRequest(new Request('http://localhost/vue/openapi.json'), { clientAddress: '127.0.0.1' })
  return response.json()
}
