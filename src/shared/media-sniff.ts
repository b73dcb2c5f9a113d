/**
 * Recognises a stimulus file by its first bytes, so a renamed .exe is not accepted as a .png. Used by
 * the sandbox's storage route and by the client before it presigns.
 */
export type SniffedType =
  | 'image/png'
  | 'image/jpeg'
  | 'image/gif'
  | 'image/webp'
  | 'image/heic'
  | 'image/heif'
  | 'image/avif'
  | 'image/svg+xml'
  | 'video/mp4'
  | 'video/quicktime'
  | 'video/webm'
  | 'video/x-msvideo'
  | 'video/x-matroska';

/** How many leading bytes `sniff` needs. */
export const SNIFF_BYTES = 512;

const ascii = (b: Uint8Array, start: number, len: number) => String.fromCharCode(...b.subarray(start, start + len));
const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((x, i) => b[at + i] === x);

export function sniff(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'image/webp';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'AVI ') return 'video/x-msvideo';
  if (ascii(bytes, 4, 4) === 'ftyp') {
    const brand = ascii(bytes, 8, 4);
    if (brand === 'avif' || brand === 'avis') return 'image/avif';
    if (['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis'].includes(brand)) return 'image/heic';
    if (brand === 'mif1' || brand === 'msf1') return 'image/heif';
    if (brand === 'qt  ') return 'video/quicktime';
    return 'video/mp4';
  }
  if (ascii(bytes, 4, 4) === 'moov' || ascii(bytes, 4, 4) === 'mdat' || ascii(bytes, 4, 4) === 'wide') return 'video/quicktime';
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) {
    // EBML: WebM and Matroska share the container and differ in the DocType string.
    const head = ascii(bytes, 0, Math.min(bytes.length, 64));
    return head.includes('webm') ? 'video/webm' : 'video/x-matroska';
  }
  const text = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes.subarray(0, SNIFF_BYTES))
    .replace(/^\uFEFF/, '')
    .trimStart();
  // The DOCTYPE may carry an internal subset in [...] (older Illustrator exports), with '>' inside it.
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^[>]*(\[[\s\S]*?\])?\s*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(text)) return 'image/svg+xml';
  return null;
}

/** Whether the sniffed bytes fit the declared type; HEIC and HEIF share a container and are interchangeable. */
export function sniffMatches(declared: string, sniffed: SniffedType | null): boolean {
  if (!sniffed) return false;
  const d = declared.toLowerCase();
  if (d === sniffed) return true;
  const heif = new Set(['image/heic', 'image/heif']);
  if (heif.has(d) && heif.has(sniffed)) return true;
  // Many MP4s carry brands such as isom or M4V, and QuickTime files often carry an MP4 brand.
  const mp4ish = new Set(['video/mp4', 'video/quicktime']);
  return mp4ish.has(d) && mp4ish.has(sniffed);
}

/** Audio recordings (an audio-only interview's link): MP3, Ogg, WAV, FLAC. WebM and MP4 audio sniff as video. */
export type SniffedAudio = 'audio/mpeg' | 'audio/ogg' | 'audio/wav' | 'audio/flac';

export function sniffAudio(bytes: Uint8Array): SniffedAudio | null {
  if (ascii(bytes, 0, 3) === 'ID3' || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0)) return 'audio/mpeg';
  if (ascii(bytes, 0, 4) === 'OggS') return 'audio/ogg';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WAVE') return 'audio/wav';
  if (ascii(bytes, 0, 4) === 'fLaC') return 'audio/flac';
  return null;
}

/** An interview recording's type by its first bytes: a video container or an audio format, or null. */
export function sniffRecording(bytes: Uint8Array): SniffedType | SniffedAudio | null {
  const v = sniff(bytes);
  if (v?.startsWith('video/')) return v;
  return sniffAudio(bytes);
}
