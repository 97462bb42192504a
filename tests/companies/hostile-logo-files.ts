import { crc32 } from 'node:zlib'
import sharp from 'sharp'

// Logos that hurt (decision 028), made here byte by byte (no binary fixtures): headers that declare
// images costly to decode, and images that are something else too. Shared by the API tests and
// the e2e test of the built server's memory.

/** A PNG chunk: length, type, data, CRC. */
export function pngChunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** `png` with `chunk` inserted right after its IHDR. */
export function withPngChunk(png: Uint8Array, chunk: Buffer): Buffer {
  return Buffer.concat([png.subarray(0, 33), chunk, png.subarray(33)])
}

/** A PNG header declaring width × height with a bit depth, colour type and interlace (no pixel data to speak of). */
export function pngHeader(width: number, height: number, { depth = 8, colour = 6, interlace = 0 } = {}): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([depth, colour, 0, 0, interlace], 8)
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return Buffer.concat([
    signature,
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/** A JPEG's first segments up to its frame header: `marker` (0xc2 progressive), and each component's sampling (0x22 = 2×2). */
export function jpegHeader(width: number, height: number, marker: number, sampling: number[]): Buffer {
  const frame = Buffer.alloc(8 + 3 * sampling.length)
  frame.writeUInt16BE(frame.length, 0)
  frame[2] = 8
  frame.writeUInt16BE(height, 3)
  frame.writeUInt16BE(width, 5)
  frame[7] = sampling.length
  sampling.forEach((factors, i) => frame.set([i + 1, factors, 0], 8 + 3 * i))
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, marker]), frame, Buffer.from([0xff, 0xd9])])
}

/** A lossless WebP header (VP8L) declaring width × height. */
export function losslessWebpHeader(width: number, height: number): Buffer {
  const bits = (width - 1) | ((height - 1) << 14)
  const vp8l = Buffer.from([0x2f, bits & 0xff, (bits >>> 8) & 0xff, (bits >>> 16) & 0xff, (bits >>> 24) & 0xff, 0, 0, 0])
  const chunk = Buffer.concat([Buffer.from('VP8L'), Buffer.from([vp8l.length, 0, 0, 0]), vp8l])
  const size = Buffer.alloc(4)
  size.writeUInt32LE(4 + chunk.length)
  return Buffer.concat([Buffer.from('RIFF'), size, Buffer.from('WEBP'), chunk])
}

/** A ZIP archive of one stored file, as `zip` writes it: local header, data, central directory, end record. */
export function zipOf(name: string, content: string): Buffer {
  const data = Buffer.from(content)
  const fileName = Buffer.from(name)
  const crc = crc32(data)
  const local = Buffer.alloc(30)
  local.writeUInt32LE(0x04034b50, 0)
  local.writeUInt16LE(20, 4)
  local.writeUInt32LE(crc, 14)
  local.writeUInt32LE(data.length, 18)
  local.writeUInt32LE(data.length, 22)
  local.writeUInt16LE(fileName.length, 26)
  const central = Buffer.alloc(46)
  central.writeUInt32LE(0x02014b50, 0)
  central.writeUInt16LE(20, 4)
  central.writeUInt16LE(20, 6)
  central.writeUInt32LE(crc, 16)
  central.writeUInt32LE(data.length, 20)
  central.writeUInt32LE(data.length, 24)
  central.writeUInt16LE(fileName.length, 28)
  const directoryAt = local.length + fileName.length + data.length
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(1, 8)
  end.writeUInt16LE(1, 10)
  end.writeUInt32LE(central.length + fileName.length, 12)
  end.writeUInt32LE(directoryAt, 16)
  return Buffer.concat([local, fileName, data, central, fileName, end])
}

/** A JPEG with a comment segment (COM) right after its start. */
export function withJpegComment(jpeg: Uint8Array, comment: string): Buffer {
  const text = Buffer.from(comment, 'latin1')
  const length = Buffer.alloc(2)
  length.writeUInt16BE(text.length + 2)
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe]), length, text, jpeg.subarray(2)])
}

/** A real image of width × height, costly to decode: an interlaced 16-bit RGBA PNG (small as a file). */
export async function interlaced16BitPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 10, g: 200, b: 30, alpha: 0.5 } } })
    .toColourspace('rgb16')
    .png({ compressionLevel: 9, progressive: true })
    .toBuffer()
}

export const HTML_PAYLOAD = '<html><body><script>alert(document.cookie)</script></body></html>'
