/**
 * Reading a .qdpx archive that nobody vouches for. Fieldwork reads the zip's central directory itself
 * (so it knows every name and size before inflating anything), refuses names that climb out of the
 * archive, and inflates only the entries it needs (the project file and plain texts, never the videos)
 * into buffers no larger than the declared size: an entry that inflates to more than it declares, or
 * that claims a compression ratio no text reaches, is refused as a zip bomb. fflate does the inflating.
 */
import { open } from 'node:fs/promises';
import { inflateSync } from 'fflate';
import { ImportError } from './errors';

export type ZipEntry = { name: string; method: number; flags: number; compressedSize: number; size: number; localOffset: number };

export type ZipLimits = {
  /** Largest entry Fieldwork inflates. */
  maxEntryBytes: number;
  /** Most bytes inflated from one archive in all. */
  maxTotalBytes: number;
  /** Highest ratio of inflated to compressed size for an entry above 1 MB (text reaches about 10). */
  maxRatio: number;
  maxEntries: number;
};
export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxEntryBytes: 256 * 2 ** 20, maxTotalBytes: 1024 * 2 ** 20, maxRatio: 200, maxEntries: 100_000 };

/** Random access to the archive's bytes: a buffer in tests, a file handle for real (videos make archives large). */
export type ByteSource = { size: number; read(offset: number, length: number): Promise<Uint8Array> };

export const bufferSource = (buf: Uint8Array): ByteSource => ({
  size: buf.length,
  read: (offset, length) => {
    if (offset < 0 || offset + length > buf.length) return Promise.reject(new ImportError('qdpx_bad_zip', 'The archive ends before one of its entries does.'));
    return Promise.resolve(buf.subarray(offset, offset + length));
  },
});

export async function withFileSource<T>(path: string, fn: (src: ByteSource) => Promise<T>): Promise<T> {
  const fh = await open(path, 'r').catch((e: NodeJS.ErrnoException) => {
    throw new ImportError('qdpx_unreadable', `The file could not be opened (${e.code ?? 'error'}). Check that it still exists and that you may read it.`);
  });
  try {
    const { size } = await fh.stat();
    return await fn({
      size,
      read: async (offset, length) => {
        if (offset < 0 || offset + length > size) throw new ImportError('qdpx_bad_zip', 'The archive ends before one of its entries does.');
        const buf = new Uint8Array(length);
        const { bytesRead } = await fh.read(buf, 0, length, offset);
        if (bytesRead !== length) throw new ImportError('qdpx_bad_zip', 'The archive ends before one of its entries does.');
        return buf;
      },
    });
  } finally {
    await fh.close();
  }
}

const badZip = (what: string) =>
  new ImportError('qdpx_bad_zip', `This is not a readable .qdpx (zip) archive: ${what}. Export the project again from the QDA tool.`);

const u16 = (b: Uint8Array, o: number) => b[o]! | (b[o + 1]! << 8);
const u32 = (b: Uint8Array, o: number) => (b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16) | (b[o + 3]! << 24)) >>> 0;
const u64 = (b: Uint8Array, o: number) => u32(b, o) + u32(b, o + 4) * 2 ** 32;

/**
 * An entry name is refused when it could name a place outside the archive's folder if anyone unpacked it:
 * absolute paths, drive letters, backslashes, `..` segments, NUL. Fieldwork itself never writes entries
 * to disk, but such a name means the archive was made to attack someone, so none of it is trusted.
 */
export function unsafeEntryName(name: string): boolean {
  if (name === '' || name.includes('\0') || name.includes('\\')) return true;
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return true;
  return name.split('/').some((seg) => seg === '..');
}

export async function readCentralDirectory(src: ByteSource, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<ZipEntry[]> {
  if (src.size < 22) throw badZip('it is too short');
  const tailLen = Math.min(src.size, 22 + 0xffff);
  const tail = await src.read(src.size - tailLen, tailLen);
  let eocd = -1;
  for (let o = tail.length - 22; o >= 0; o--) {
    if (u32(tail, o) === 0x06054b50) {
      eocd = o;
      break;
    }
  }
  if (eocd < 0) throw badZip('it has no zip directory');
  let total = u16(tail, eocd + 10);
  let cdSize = u32(tail, eocd + 12);
  let cdOffset = u32(tail, eocd + 16);
  // Zip64: the real numbers are in the zip64 end record, found through its locator just before.
  if ((total === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) && eocd >= 20 && u32(tail, eocd - 20) === 0x07064b50) {
    const recOffset = u64(tail, eocd - 20 + 8);
    const rec = await src.read(recOffset, 56);
    if (u32(rec, 0) !== 0x06064b50) throw badZip('its zip64 directory is damaged');
    total = u64(rec, 32);
    cdSize = u64(rec, 40);
    cdOffset = u64(rec, 48);
  }
  if (total > limits.maxEntries)
    throw new ImportError(
      'qdpx_too_large',
      `The archive lists ${total.toLocaleString('en')} files; Fieldwork reads at most ${limits.maxEntries.toLocaleString('en')}.`,
    );
  if (cdOffset + cdSize > src.size) throw badZip('its directory points past its end');
  const cd = await src.read(cdOffset, cdSize);
  const entries: ZipEntry[] = [];
  const utf8 = new TextDecoder('utf-8', { fatal: false });
  let o = 0;
  for (let n = 0; n < total; n++) {
    if (o + 46 > cd.length || u32(cd, o) !== 0x02014b50) throw badZip('its directory is damaged');
    const flags = u16(cd, o + 8);
    const method = u16(cd, o + 10);
    let compressedSize = u32(cd, o + 20);
    let size = u32(cd, o + 24);
    const nameLen = u16(cd, o + 28);
    const extraLen = u16(cd, o + 30);
    const commentLen = u16(cd, o + 32);
    let localOffset = u32(cd, o + 42);
    const nameBytes = cd.subarray(o + 46, o + 46 + nameLen);
    // Names are UTF-8 when flag 11 says so; tools that leave it unset mostly write ASCII, so UTF-8 reads them too.
    const name = utf8.decode(nameBytes);
    const extra = cd.subarray(o + 46 + nameLen, o + 46 + nameLen + extraLen);
    for (let e = 0; e + 4 <= extra.length;) {
      const id = u16(extra, e);
      const len = u16(extra, e + 2);
      if (id === 0x0001) {
        let p = e + 4;
        if (size === 0xffffffff && p + 8 <= e + 4 + len) {
          size = u64(extra, p);
          p += 8;
        }
        if (compressedSize === 0xffffffff && p + 8 <= e + 4 + len) {
          compressedSize = u64(extra, p);
          p += 8;
        }
        if (localOffset === 0xffffffff && p + 8 <= e + 4 + len) localOffset = u64(extra, p);
      }
      e += 4 + len;
    }
    if (unsafeEntryName(name))
      throw new ImportError(
        'qdpx_unsafe_path',
        `The archive holds a file named "${[...name]
          .map((c) => (c.charCodeAt(0) < 0x20 ? '?' : c))
          .join('')
          .slice(0, 200)}", which points outside the archive. Fieldwork refuses the whole archive: it was not written by a QDA tool.`,
      );
    entries.push({ name, method, flags, compressedSize, size, localOffset });
    o += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** Inflates entries on demand, within the limits, counting the bytes inflated so far. */
export class ZipReader {
  private inflated = 0;
  readonly byName = new Map<string, ZipEntry>();
  private readonly byLowerName = new Map<string, ZipEntry>();

  constructor(
    private readonly src: ByteSource,
    readonly entries: ZipEntry[],
    private readonly limits: ZipLimits = DEFAULT_ZIP_LIMITS,
  ) {
    for (const e of entries) {
      this.byName.set(e.name, e);
      this.byLowerName.set(e.name.toLowerCase(), e);
    }
  }

  static async open(src: ByteSource, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<ZipReader> {
    return new ZipReader(src, await readCentralDirectory(src, limits), limits);
  }

  /** An entry by exact name, else by name in any case (archives from Windows tools differ in case). */
  find(name: string): ZipEntry | undefined {
    return this.byName.get(name) ?? this.byLowerName.get(name.toLowerCase());
  }

  async read(entry: ZipEntry): Promise<Uint8Array> {
    const what = `"${entry.name.slice(0, 200)}"`;
    if (entry.flags & 1) throw new ImportError('qdpx_encrypted', `The archive entry ${what} is encrypted; export the project again without a password.`);
    if (entry.size > this.limits.maxEntryBytes)
      throw new ImportError(
        'qdpx_too_large',
        `The archive entry ${what} is ${mb(entry.size)} unpacked; Fieldwork reads entries up to ${mb(this.limits.maxEntryBytes)}.`,
      );
    if (this.inflated + entry.size > this.limits.maxTotalBytes)
      throw new ImportError(
        'qdpx_too_large',
        `The texts in this archive come to more than ${mb(this.limits.maxTotalBytes)} unpacked, more than Fieldwork reads from one import.`,
      );
    if (entry.size > 2 ** 20 && entry.size / Math.max(1, entry.compressedSize) > this.limits.maxRatio)
      throw new ImportError(
        'qdpx_zip_bomb',
        `The archive entry ${what} claims to unpack ${Math.round(entry.size / Math.max(1, entry.compressedSize))} times larger than it is stored; no real text does. The archive is refused.`,
      );
    const head = await this.src.read(entry.localOffset, 30);
    if (u32(head, 0) !== 0x04034b50) throw badZip(`the entry ${what} is not where its directory says`);
    const start = entry.localOffset + 30 + u16(head, 26) + u16(head, 28);
    const data = await this.src.read(start, entry.compressedSize);
    let out: Uint8Array;
    if (entry.method === 0) out = data;
    else if (entry.method === 8) {
      // One byte more than declared: if it fills, the entry inflates to more than it says, which only a bomb does.
      try {
        out = inflateSync(data, { out: new Uint8Array(entry.size + 1) });
      } catch {
        throw badZip(`the entry ${what} is damaged`);
      }
    } else
      throw new ImportError(
        'qdpx_bad_zip',
        `The archive entry ${what} uses a compression method (${entry.method}) Fieldwork does not read; export it again from the QDA tool.`,
      );
    if (out.length !== entry.size)
      throw new ImportError('qdpx_zip_bomb', `The archive entry ${what} unpacks to a different size than it declares. The archive is refused.`);
    this.inflated += out.length;
    return out;
  }
}

const mb = (n: number) => `${(n / 2 ** 20).toFixed(n < 10 * 2 ** 20 ? 1 : 0)} MB`;
