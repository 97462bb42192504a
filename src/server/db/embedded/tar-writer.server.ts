import { createWriteStream, type WriteStream } from 'node:fs'
import { open } from 'node:fs/promises'
import { once } from 'node:events'
import { pipeline } from 'node:stream/promises'
import { createGzip, type Gzip } from 'node:zlib'
import { Header, Pax } from 'tar'

// A .tar.gz written entry by entry, with node-tar's header encoding (ustar, PAX for long names).
// Not node-tar's Pack: that stats a file and fails when it then reads fewer bytes ("unexpected
// EOF"), and a live database's files shrink and grow while they are copied. This writer sends
// exactly the size it stat'ed — zeros for what was truncated meanwhile, as pg_basebackup does;
// WAL replay at the first start puts every such page right (decision 042).
const BLOCK = 512
const CHUNK = 1024 * 1024

export type EntryMeta = { mode: number; mtime: Date }

export class TarWriter {
  private constructor(
    private readonly gzip: Gzip,
    private readonly out: WriteStream,
    /** Settles when the file is written, or with the first error (a full disk) — which also ends a wait for 'drain'. */
    private readonly done: Promise<void>,
  ) {}

  /** Creates `file` (never overwrites it), readable by its owner only: it holds the whole database. */
  static async create(file: string, level = 6): Promise<TarWriter> {
    const out = createWriteStream(file, { flags: 'wx', mode: 0o600 })
    await once(out, 'open')
    const gzip = createGzip({ level })
    const done = pipeline(gzip, out)
    done.catch(() => undefined) // awaited by finish() or abort()
    return new TarWriter(gzip, out, done)
  }

  get bytesWritten(): number {
    return this.out.bytesWritten
  }

  async directory(path: string, meta: EntryMeta): Promise<void> {
    await this.header(path.endsWith('/') ? path : `${path}/`, 'Directory', 0, meta)
  }

  async content(path: string, data: Buffer, meta: EntryMeta): Promise<void> {
    await this.header(path, 'File', data.length, meta)
    await this.write(data)
    await this.pad(data.length)
  }

  /** Copies `source` as it is now: `size` bytes (its size when it was listed), zero-filled if it got shorter. */
  async file(path: string, source: string, size: number, meta: EntryMeta): Promise<void> {
    const handle = await open(source, 'r')
    try {
      await this.header(path, 'File', size, meta)
      let ended = false
      for (let done = 0; done < size;) {
        const buffer = Buffer.alloc(Math.min(CHUNK, size - done))
        // A short read of a regular file is its end: truncated since it was listed; zeros follow.
        if (!ended) ended = (await handle.read(buffer, 0, buffer.length, done)).bytesRead < buffer.length
        await this.write(buffer)
        done += buffer.length
      }
      await this.pad(size)
    } finally {
      await handle.close()
    }
  }

  /** Ends the archive (two zero blocks) and waits until the file is on disk. */
  async finish(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2))
    this.gzip.end()
    await this.done
  }

  /** Stops writing; the caller removes the file. */
  async abort(): Promise<void> {
    this.gzip.destroy(new Error('backup aborted'))
    await this.done.catch(() => undefined)
  }

  private async header(path: string, type: 'File' | 'Directory', size: number, meta: EntryMeta): Promise<void> {
    const fields = { path, mode: meta.mode & 0o7777, uid: 0, gid: 0, size, mtime: meta.mtime }
    const header = new Header({ ...fields, type })
    if (header.encode()) await this.write(new Pax(fields).encode())
    if (!header.block) throw new Error(`no tar header for ${path}`)
    await this.write(header.block)
  }

  private async pad(size: number): Promise<void> {
    const rest = size % BLOCK
    if (rest !== 0) await this.write(Buffer.alloc(BLOCK - rest))
  }

  private async write(data: Buffer): Promise<void> {
    if (!this.gzip.write(data)) await once(this.gzip, 'drain')
  }
}
