import { describe, expect, it } from 'vitest'
import { QUEUE_FILE_MAX_BYTES, QUEUE_FORMAT, readQueueFile } from '../../app/features/translation/queue-file'

// A file of unsaved edits is read as hostile (decision 014): its size, its JSON and every
// field are checked, and a refused file names why (nothing is written; the import writes only a
// file read whole).
const edit = { scope: 'vartext', dst: 'fr', key: 'VT-000001', value: 'Tiroir', base: null, source: 'Schublade', edited_at: 1 }
const file = (edits: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ format: QUEUE_FORMAT, version: 1, owner: 'translator@demo.example', exported_at: '2026-11-26T15:00:00.000Z', edits, ...extra })
const read = (text: string) => readQueueFile(text, new TextEncoder().encode(text).length)

describe('readQueueFile', () => {
  it('reads an export back, with units, sources and bases', () => {
    const text = file([edit, { ...edit, scope: 'article_unit', key: 'u1', base: '2026-11-01T00:00:00Z', unit: { articleId: 7, tid: 't1' } }])
    const result = read(text)
    expect(result.ok).toBe(true)
    if (result.ok) expect(result.file.edits.map((one) => one.key)).toEqual(['VT-000001', 'u1'])
    expect(read(file([])).ok).toBe(true)
  })

  it('keeps a confirmation of an outdated text ("Confirm translation", or one confirmed in a translation tool)', () => {
    const result = read(file([{ ...edit, confirm: true }]))
    expect(result.ok && result.file.edits[0]?.confirm).toBe(true)
    expect(read(file([{ ...edit, confirm: false }]))).toEqual({ ok: false, problem: { kind: 'bad_edit', at: '1 (confirm)' } })
  })

  it('refuses what is not such a file, saying why', () => {
    expect(readQueueFile('{}', QUEUE_FILE_MAX_BYTES + 1)).toEqual({ ok: false, problem: { kind: 'too_big' } })
    expect(read('{"format": ')).toEqual({ ok: false, problem: { kind: 'not_json' } })
    expect(read('')).toEqual({ ok: false, problem: { kind: 'not_json' } })
    for (const other of ['[]', 'null', '"x"', '{"edits": []}', JSON.stringify({ format: QUEUE_FORMAT, version: 2, edits: [] })])
      expect(read(other)).toEqual({ ok: false, problem: { kind: 'not_a_queue' } })
  })

  it('names the first edit that is not valid (counted from 1) and its field', () => {
    expect(read(file([edit, { ...edit, dst: '../x' }]))).toEqual({ ok: false, problem: { kind: 'bad_edit', at: '2 (dst)' } })
    expect(read(file([{ ...edit, scope: 'users' }]))).toEqual({ ok: false, problem: { kind: 'bad_edit', at: '1 (scope)' } })
    expect(read(file([{ ...edit, key: '' }]))).toMatchObject({ problem: { at: '1 (key)' } })
    expect(read(file([{ ...edit, key: 'k'.repeat(501) }]))).toMatchObject({ problem: { at: '1 (key)' } })
    expect(read(file([{ ...edit, value: 'v'.repeat(10_001) }]))).toMatchObject({ problem: { at: '1 (value)' } })
    expect(read(file([{ ...edit, unit: { articleId: -1, tid: 't' } }]))).toMatchObject({ problem: { at: '1 (unit)' } })
    expect(read(file([{ ...edit, state: 'conflict' }]))).toMatchObject({ problem: { kind: 'bad_edit' } })
    expect(read(file([edit], { admin: true }))).toEqual({ ok: false, problem: { kind: 'not_a_queue' } })
    expect(read(file(new Array(3).fill('x')))).toMatchObject({ problem: { kind: 'bad_edit', at: '1' } })
    expect(read(file([{ ...edit, edited_at: '1' }]))).toMatchObject({ problem: { at: '1 (edited_at)' } })
  })
})
