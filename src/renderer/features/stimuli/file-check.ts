import { formatBytes } from '../../lib/format';
import { sniff, sniffMatches, SNIFF_BYTES } from '../../../shared/media-sniff';
import { contentTypeForFilename, STIMULUS_FORMATS, stimulusLimitFor } from '../../../shared/schemas/stimulus';

export type FileCheck = { ok: true; contentType: string; kind: 'image' | 'video' } | { ok: false; message: string };

const EXTS = [...new Set(Object.values(STIMULUS_FORMATS).flatMap((f) => f.exts))];
export const ACCEPT = EXTS.join(',');
export const FORMATS_HINT = 'Images: PNG, JPEG, GIF, WebP, HEIC, HEIF, AVIF or SVG, up to 10 MB. Videos: MP4, MOV, WebM, AVI or MKV, up to 100 MB.';

export { formatBytes } from '../../lib/format';

/**
 * The checks main makes again before it uploads, made here first so a researcher hears at once, before
 * anything is sent, that a file is the wrong format or too large: by name, by size, and by the file's
 * first bytes (a renamed document is not an image).
 */
export function checkStimulusFile(file: { name: string; size: number }, head: Uint8Array | null): FileCheck {
  const contentType = contentTypeForFilename(file.name);
  if (!contentType) {
    const dot = file.name.lastIndexOf('.');
    const ext = dot > 0 ? file.name.slice(dot).toUpperCase() : 'A file without an extension';
    return { ok: false, message: `${dot > 0 ? `${ext} files are` : `${ext} is`} not a stimulus format. ${FORMATS_HINT}` };
  }
  const limit = stimulusLimitFor(contentType)!;
  if (file.size === 0) return { ok: false, message: 'This file is empty. Export it again, then add it.' };
  if (file.size > limit.maxBytes) {
    return {
      ok: false,
      message: `This file is ${formatBytes(file.size)}; ${limit.kind === 'image' ? 'images' : 'videos'} can be at most ${formatBytes(limit.maxBytes)}. Make it smaller, then add it again.`,
    };
  }
  if (head) {
    const found = sniff(head);
    if (!sniffMatches(contentType, found)) {
      const ext = file.name.slice(file.name.lastIndexOf('.') + 1).toUpperCase();
      return {
        ok: false,
        message: `This file is named .${ext.toLowerCase()} but does not contain ${ext} data${found ? ` (it looks like ${found})` : ''}. Export it again as a supported format.`,
      };
    }
  }
  return { ok: true, contentType, kind: limit.kind };
}

/** Reads just enough of a File to recognise its format. */
export async function readHead(file: Blob): Promise<Uint8Array | null> {
  try {
    return new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  } catch {
    return null;
  }
}
