// Stimulus files are recognised by their first bytes, so a renamed .exe is not accepted as a .png.
// The spec accepts PNG, JPEG, GIF, WebP, HEIC, HEIF, AVIF, SVG images and MP4, MOV, WebM, AVI, MKV videos.
import { describe, it, expect } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SNIFF_BYTES, sniff, sniffMatches, type SniffedType } from '../../../src/shared/media-sniff';

const MEDIA = fileURLToPath(new URL('../../../resources/sample-media', import.meta.url));

/** Concatenates byte arrays, numbers and ASCII strings into one buffer. */
function bytes(...parts: (string | number[] | Uint8Array)[]): Uint8Array {
  const chunks = parts.map((p) => (typeof p === 'string' ? new TextEncoder().encode(p) : Uint8Array.from(p)));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** An ISO-BMFF file start: box size, "ftyp", major brand, minor version, compatible brands. */
const ftyp = (brand: string, compatible = 'isommp41') => bytes([0, 0, 0, 0x18], 'ftyp', brand, [0, 0, 0, 0], compatible, [0, 0, 0, 8], 'free');

/** An EBML header carrying the given DocType, as WebM and Matroska files start. */
const ebml = (docType: string) =>
  bytes(
    [0x1a, 0x45, 0xdf, 0xa3, 0x80 | (23 + docType.length)],
    [0x42, 0x86, 0x81, 0x01], // EBMLVersion 1
    [0x42, 0xf7, 0x81, 0x01], // EBMLReadVersion 1
    [0x42, 0xf2, 0x81, 0x04], // EBMLMaxIDLength 4
    [0x42, 0xf3, 0x81, 0x08], // EBMLMaxSizeLength 8
    [0x42, 0x82, 0x80 | docType.length],
    docType,
    [0x42, 0x87, 0x81, 0x04], // DocTypeVersion
    [0x42, 0x85, 0x81, 0x02], // DocTypeReadVersion
    [0x18, 0x53, 0x80, 0x67, 0x01, 0, 0, 0, 0, 0, 0, 0],
  );

/** Deterministic pseudo-random bytes (xorshift32), so the "random" case is reproducible. */
function noise(length: number, seed = 0x2f6b1a3d): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

describe('sniff: signatures', () => {
  it.each<{ name: string; data: Uint8Array; type: SniffedType }>([
    { name: 'PNG', data: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR'), type: 'image/png' },
    { name: 'JPEG (JFIF)', data: bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF', [0]), type: 'image/jpeg' },
    { name: 'JPEG (Exif)', data: bytes([0xff, 0xd8, 0xff, 0xe1, 0x12, 0x34], 'Exif', [0, 0]), type: 'image/jpeg' },
    { name: 'GIF87a', data: bytes('GIF87a', [1, 0, 1, 0, 0x80, 0, 0]), type: 'image/gif' },
    { name: 'GIF89a', data: bytes('GIF89a', [1, 0, 1, 0, 0x80, 0, 0]), type: 'image/gif' },
    { name: 'WebP', data: bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ', [0x18, 0, 0, 0]), type: 'image/webp' },
    { name: 'AVIF', data: ftyp('avif', 'avifmif1'), type: 'image/avif' },
    { name: 'AVIF sequence', data: ftyp('avis', 'avismsf1'), type: 'image/avif' },
    { name: 'HEIC', data: ftyp('heic', 'mif1heic'), type: 'image/heic' },
    { name: 'HEIC (heix)', data: ftyp('heix', 'mif1heix'), type: 'image/heic' },
    { name: 'HEIF (mif1)', data: ftyp('mif1', 'mif1heic'), type: 'image/heif' },
    { name: 'MP4 (isom)', data: ftyp('isom'), type: 'video/mp4' },
    { name: 'MP4 (mp42)', data: ftyp('mp42'), type: 'video/mp4' },
    { name: 'MP4 (M4V)', data: ftyp('M4V ', 'M4V mp42'), type: 'video/mp4' },
    { name: 'QuickTime (ftyp qt)', data: ftyp('qt  ', 'qt      '), type: 'video/quicktime' },
    { name: 'QuickTime (legacy moov)', data: bytes([0, 0, 0, 0x6c], 'moov', [0, 0, 0, 0x6c], 'mvhd'), type: 'video/quicktime' },
    { name: 'QuickTime (legacy wide)', data: bytes([0, 0, 0, 8], 'wide', [0, 0, 0, 0x10], 'mdat'), type: 'video/quicktime' },
    { name: 'WebM', data: ebml('webm'), type: 'video/webm' },
    { name: 'Matroska', data: ebml('matroska'), type: 'video/x-matroska' },
    { name: 'AVI', data: bytes('RIFF', [0x24, 0, 0, 0], 'AVI LIST', [0x10, 0, 0, 0], 'hdrlavih'), type: 'video/x-msvideo' },
  ])('recognises $name as $type', ({ data, type }) => {
    expect(sniff(data)).toBe(type);
  });

  it('tells WebM from Matroska only by the EBML DocType', () => {
    const webm = ebml('webm');
    const mkv = ebml('matroska');
    // Same magic, same layout apart from the DocType string.
    expect(webm.subarray(0, 4)).toEqual(mkv.subarray(0, 4));
    expect(sniff(webm)).toBe('video/webm');
    expect(sniff(mkv)).toBe('video/x-matroska');
  });

  it('tells WebP from AVI although both are RIFF', () => {
    expect(sniff(bytes('RIFF', [0, 0, 0, 0], 'WEBP'))).toBe('image/webp');
    expect(sniff(bytes('RIFF', [0, 0, 0, 0], 'AVI '))).toBe('video/x-msvideo');
    expect(sniff(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBeNull();
  });
});

describe('sniff: SVG', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';

  it.each([
    ['a bare <svg> element', svg],
    ['an XML prolog', `<?xml version="1.0" encoding="UTF-8"?>\n${svg}`],
    ['leading whitespace', `\n\n   ${svg}`],
    ['a comment', `<?xml version="1.0"?>\n<!-- Generator: Adobe Illustrator 27.0.0 -->\n${svg}`],
    ['a DOCTYPE', `<?xml version="1.0"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n${svg}`],
    [
      'an Inkscape header with a newline after <svg',
      `<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<!-- Created with Inkscape (http://www.inkscape.org/) -->\n\n<svg\n   width="210mm"\n   xmlns="http://www.w3.org/2000/svg">\n</svg>`,
    ],
    ['upper-case tags', '<SVG xmlns="http://www.w3.org/2000/svg"></SVG>'],
  ])('recognises an SVG with %s', (_name, text) => {
    expect(sniff(new TextEncoder().encode(text))).toBe('image/svg+xml');
  });

  it('recognises an SVG with a UTF-8 byte-order mark, with and without a prolog', () => {
    expect(sniff(bytes([0xef, 0xbb, 0xbf], svg))).toBe('image/svg+xml');
    expect(sniff(bytes([0xef, 0xbb, 0xbf], '<?xml version="1.0" encoding="UTF-8"?>\r\n', svg))).toBe('image/svg+xml');
  });

  it.each([
    ['HTML that contains an svg', '<!DOCTYPE html><html><body><svg></svg></body></html>'],
    ['plain XML', '<?xml version="1.0"?><feed></feed>'],
    ['text mentioning svg', 'this is not an <svg image'],
    ['an <svgfoo> element', '<svgfoo></svgfoo>'],
    ['a script', '<script>alert(1)</script><svg></svg>'],
  ])('does not take %s for an SVG', (_name, text) => {
    expect(sniff(new TextEncoder().encode(text))).toBeNull();
  });
});

describe('sniff: unrecognised input', () => {
  it('returns null for random bytes', () => {
    const data = noise(SNIFF_BYTES);
    expect(sniff(data)).toBeNull();
  });

  it('returns null for a Windows executable, even one named .png', () => {
    const exe = bytes('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff], noise(100), 'This program cannot be run in DOS mode.');
    expect(sniff(exe)).toBeNull();
    expect(sniffMatches('image/png', sniff(exe))).toBe(false);
  });

  it.each([
    ['an ELF binary', bytes([0x7f], 'ELF', [2, 1, 1, 0])],
    ['a PDF', bytes('%PDF-1.7\n%âãÏÓ\n')],
    ['a ZIP', bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0])],
    ['an empty buffer', new Uint8Array(0)],
    ['a truncated PNG signature', bytes([0x89, 0x50, 0x4e, 0x47])],
    ['two bytes of JPEG', bytes([0xff, 0xd8])],
    ['plain text', bytes('hello world')],
  ])('returns null for %s', (_name, data) => {
    expect(sniff(data)).toBeNull();
  });
});

describe('sniffMatches', () => {
  it('accepts the exact type, ignoring the case of the declared type', () => {
    expect(sniffMatches('image/png', 'image/png')).toBe(true);
    expect(sniffMatches('IMAGE/PNG', 'image/png')).toBe(true);
    expect(sniffMatches('video/webm', 'video/webm')).toBe(true);
  });

  it('treats HEIC and HEIF as interchangeable', () => {
    expect(sniffMatches('image/heic', 'image/heif')).toBe(true);
    expect(sniffMatches('image/heif', 'image/heic')).toBe(true);
    expect(sniffMatches('image/heic', sniff(ftyp('mif1', 'mif1heic')))).toBe(true);
  });

  it('treats MP4 and QuickTime as interchangeable', () => {
    expect(sniffMatches('video/mp4', 'video/quicktime')).toBe(true);
    expect(sniffMatches('video/quicktime', 'video/mp4')).toBe(true);
    expect(sniffMatches('video/quicktime', sniff(ftyp('isom')))).toBe(true);
  });

  it('rejects mismatches', () => {
    expect(sniffMatches('image/jpeg', 'image/png')).toBe(false);
    expect(sniffMatches('image/png', 'image/svg+xml')).toBe(false);
    expect(sniffMatches('video/webm', 'video/x-matroska')).toBe(false);
    expect(sniffMatches('image/avif', 'image/heic')).toBe(false);
    expect(sniffMatches('video/mp4', 'image/heic')).toBe(false);
    expect(sniffMatches('image/webp', 'video/x-msvideo')).toBe(false);
  });

  it('rejects anything when nothing was sniffed', () => {
    expect(sniffMatches('image/png', null)).toBe(false);
    expect(sniffMatches('', null)).toBe(false);
  });
});

describe('sample media in resources/sample-media', () => {
  const head = (path: string) => new Uint8Array(readFileSync(path)).subarray(0, SNIFF_BYTES);

  const stimuli = JSON.parse(readFileSync(join(MEDIA, 'stimuli', 'index.json'), 'utf8')) as { file: string; content_type: string }[];

  it('has stimuli to check', () => {
    expect(stimuli.length).toBeGreaterThan(0);
  });

  it.each(stimuli.map((s) => [s.file, s.content_type] as const))('stimulus %s sniffs as its declared %s', (file, type) => {
    const sniffed = sniff(head(join(MEDIA, 'stimuli', file)));
    expect(sniffed).toBe(type);
    expect(sniffMatches(type, sniffed)).toBe(true);
  });

  const videos = readdirSync(join(MEDIA, 'videos')).filter((f) => f.endsWith('.webm'));
  const thumbnails = readdirSync(join(MEDIA, 'videos')).filter((f) => f.endsWith('.jpg'));

  it('has videos and thumbnails to check', () => {
    expect(videos.length).toBeGreaterThan(0);
    expect(thumbnails.length).toBeGreaterThan(0);
  });

  it.each(videos)('video %s sniffs as video/webm', (file) => {
    expect(sniff(head(join(MEDIA, 'videos', file)))).toBe('video/webm');
  });

  it.each(thumbnails)('thumbnail %s sniffs as image/jpeg', (file) => {
    expect(sniff(head(join(MEDIA, 'videos', file)))).toBe('image/jpeg');
  });
});

describe('SVG with a DOCTYPE internal subset', () => {
  it('is still recognised (older Illustrator exports declare entities inside [ ... ])', () => {
    const svg = `<?xml version="1.0"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [\n  <!ENTITY ns_svg "http://www.w3.org/2000/svg">\n]>\n<svg xmlns="&ns_svg;"></svg>`;
    expect(sniff(new TextEncoder().encode(svg))).toBe('image/svg+xml');
  });
});
