import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { openDatabase } from '../../src/server/db/client.server'

// The embedded database's shared_buffers (PGLITE_SHARED_BUFFERS): the server's memory.
describe('embedded database settings', () => {
  const folder = mkdtempSync(join(tmpdir(), 'portal-settings-'))
  afterAll(() => rmSync(folder, { recursive: true, force: true }))

  it('opens a data folder with the shared_buffers asked for, and with PGlite’s own otherwise', async () => {
    const setting = z.object({ rows: z.array(z.object({ shared_buffers: z.string() })).length(1) })
    const small = await openDatabase({ dataDir: join(folder, 'pglite'), sharedBuffers: '16MB' })
    try {
      expect(setting.parse(await small.db.execute(sql`show shared_buffers`)).rows[0]!.shared_buffers).toBe('16MB')
    } finally {
      await small.close()
    }
    const plain = await openDatabase({ dataDir: join(folder, 'pglite') })
    try {
      expect(setting.parse(await plain.db.execute(sql`show shared_buffers`)).rows[0]!.shared_buffers).toBe('128MB')
    } finally {
      await plain.close()
    }
  })
})
