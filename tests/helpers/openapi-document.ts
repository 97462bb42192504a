import { z } from 'zod'
import { openApiDocument } from '../../src/server/http-api/openapi.server'

// /vue/openapi.json parsed into the shape the openapi tests read: an operation's parameters,
// request body, responses and security, and the components.
const operationShape = z.object({
  operationId: z.string(),
  summary: z.string().min(1),
  tags: z.array(z.string()).length(1),
  parameters: z.array(z.object({ name: z.string(), in: z.enum(['path', 'query']), required: z.boolean(), schema: z.record(z.string(), z.unknown()) })),
  requestBody: z.object({ required: z.literal(true), content: z.record(z.string(), z.object({ schema: z.record(z.string(), z.unknown()) })) }).optional(),
  responses: z.record(
    z.string().regex(/^[1-5]\d\d$/),
    z.object({ description: z.string().min(1), content: z.object({ 'application/json': z.object({ schema: z.record(z.string(), z.unknown()) }) }) }),
  ),
  security: z.array(z.record(z.string(), z.array(z.string()))),
})
const documentShape = z.object({
  openapi: z.literal('3.1.0'),
  info: z.object({ title: z.string(), version: z.string() }),
  servers: z.array(z.object({ url: z.string() })).min(1),
  security: z.array(z.record(z.string(), z.array(z.string()))),
  tags: z.array(z.object({ name: z.string() })),
  paths: z.record(z.string().regex(/^\/vue\//), z.partialRecord(z.enum(['get', 'post', 'put', 'delete']), operationShape)),
  components: z.object({
    securitySchemes: z.object({
      jwt: z.object({ type: z.literal('http'), scheme: z.literal('bearer'), bearerFormat: z.literal('JWT'), description: z.string() }),
    }),
    schemas: z.record(z.string().regex(/^[a-zA-Z0-9._-]+$/), z.record(z.string(), z.unknown())),
  }),
})
export const parsed = documentShape.parse(openApiDocument())

/** Every operation with its path and method. */
export const operations = () =>
  Object.entries(parsed.paths).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([method, operation]) => (operation ? [{ path, method, operation }] : [])),
  )
