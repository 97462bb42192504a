import { z } from 'zod'

// The one place that reads process.env (house style). Parsed once, fails fast.
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  VUE_BACKEND_URL: z.string().url().optional(),
  PORTAL_TIME_ZONE: z.string().min(1).optional(),
  SHOP_URL: z.string().url().optional(),
  SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),
  TRUST_PROXY: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((value) => value === '1' || value === 'true'),
  MIGRATIONS_DIR: z.string().min(1).default('./src/server/db/migrations'),
})

export type Env = z.infer<typeof envSchema>

let cached: Env | undefined

export function env(): Env {
  if (!cached) {
    const parsed = envSchema.safeParse(process.env)
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`)
    }
    cached = parsed.data
  }
  return cached
}

/** Tests set their own environment; this forgets the parsed copy. */
export function resetEnvForTests(): void {
  cached = undefined
}
