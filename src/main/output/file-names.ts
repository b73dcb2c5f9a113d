/**
 * File names for exports, built from untrusted text (participant names, project titles, interview ids).
 * The result must be creatable on Windows, macOS and Linux alike, because an export folder or .zip made
 * on one machine is opened on another: a name that works on Linux but is reserved on Windows would
 * make the whole .zip fail to extract there.
 */

/** Most file systems (ext4, APFS, NTFS in UTF-16 units, which UTF-8 bytes bound) cap a name at 255. */
export const MAX_NAME_BYTES = 255;

/** An extension longer than this is not an extension the app produces; it would eat the name's budget. */
const MAX_EXT_BYTES = 32;

const DEFAULT_FALLBACK = 'untitled';

// Windows: reserved characters in any file name, plus every C0/C1 control character (NUL included).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const RESERVED_CHARS = /[<>:"/\\|?*\u0000-\u001f\u007f-\u009f]/g;

// Invisible characters that change how a name is displayed without changing what it is: bidi overrides
// can make "exe.txt" read as "txt.exe", zero-width spaces make two names look identical. ZWJ (U+200D)
// stays, because emoji sequences (families, flags with modifiers) need it.
const INVISIBLE_CHARS = /[\u200b\u200c\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;

// A surrogate half without its partner cannot be encoded as UTF-8 (it would become U+FFFD on disk).
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

// Windows device names, reserved with any extension ("con.txt") and with trailing spaces before it.
// Superscript digits and COM0/LPT0 are listed as reserved in current Windows documentation.
const RESERVED_DEVICE = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3])$/i;

const encoder = new TextEncoder();

export function utf8Length(s: string): number {
  return encoder.encode(s).length;
}

export interface SafeNameOptions {
  /** Extension to end with ("docx" or ".docx"). Not doubled when the name already ends with it. */
  ext?: string;
  /** Used when nothing is left of the name after cleaning. Cleaned too; "untitled" when empty. */
  fallback?: string;
  /** Byte limit of the whole name in UTF-8, extension included. At most 255. */
  maxBytes?: number;
}

/**
 * A name safe to create on any of the three desktop systems: reserved and control characters become
 * "_", invisible direction marks are dropped, no leading dot (no hidden files, no "..") or trailing
 * dot/space (Windows strips them, so "a." and "a" would collide), no Windows device name, and at most
 * `maxBytes` bytes of UTF-8 without splitting a character or a grapheme (an emoji with its modifiers).
 * Idempotent: cleaning a cleaned name returns it unchanged.
 */
export function safeFileName(name: string, options: SafeNameOptions = {}): string {
  const maxBytes = Math.min(Math.max(options.maxBytes ?? MAX_NAME_BYTES, 16), MAX_NAME_BYTES);
  const ext = cleanExtension(options.ext ?? '');
  const budget = maxBytes - utf8Length(ext);

  let stem = meaningful(clean(typeof name === 'string' ? name : ''));
  if (ext && stem.toLowerCase().endsWith(ext.toLowerCase())) stem = trimEnds(stem.slice(0, -ext.length));
  stem = fitStem(stem, budget);
  if (!stem) {
    const fallback = fitStem(meaningful(clean(options.fallback ?? DEFAULT_FALLBACK)), budget);
    stem = fallback || DEFAULT_FALLBACK;
  }
  return stem + ext;
}

/** ".docx" from "docx", ".DOCX" or ".docx"; "" when nothing usable is left. */
function cleanExtension(ext: string): string {
  const bare = ext
    .replace(/[^A-Za-z0-9._-]/g, '')
    .replace(/\.{2,}/g, '.')
    .replace(/^\.+|\.+$/g, '');
  if (!bare) return '';
  return `.${truncateUtf8(bare, MAX_EXT_BYTES - 1)}`;
}

function clean(raw: string): string {
  const s = raw
    .normalize('NFC')
    .replace(LONE_SURROGATE, '')
    .replace(INVISIBLE_CHARS, '')
    .replace(RESERVED_CHARS, '_')
    // Other spacing characters (no-break, ideographic, line separators) read as spaces.
    .replace(/[\s\u00a0]+/g, ' ');
  return trimEnds(s);
}

/** "???" cleans to "___", which names nothing: the fallback says more. */
function meaningful(stem: string): string {
  return /^[_\s.]*$/.test(stem) ? '' : stem;
}

/** No leading dots or spaces (hidden files, "..", "." ), no trailing dots or spaces (Windows drops them). */
function trimEnds(s: string): string {
  return s.replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
}

function isReservedDevice(stem: string): boolean {
  // Windows looks at the part before the first dot, ignoring trailing spaces: "CON .txt.md" is CON.
  const base = stem.split('.')[0]?.replace(/\s+$/, '') ?? '';
  return RESERVED_DEVICE.test(base);
}

function fitStem(stem: string, budget: number): string {
  let s = stem;
  if (isReservedDevice(s)) s = `_${s}`;
  s = trimEnds(truncateUtf8(s, budget));
  // Truncation can only shorten; a result that became a device name again (tiny budgets) gets the prefix.
  if (s && isReservedDevice(s)) s = trimEnds(truncateUtf8(`_${s}`, budget));
  return s;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The longest prefix of `s` that fits in `maxBytes` of UTF-8, cut between graphemes so that an emoji
 * with its skin tone or a letter with its accents stays whole. A single grapheme larger than the
 * budget (hundreds of stacked combining marks) is cut between code points instead.
 */
export function truncateUtf8(s: string, maxBytes: number): string {
  if (utf8Length(s) <= maxBytes) return s;
  let out = '';
  let used = 0;
  for (const { segment } of graphemes.segment(s)) {
    const n = utf8Length(segment);
    if (used + n > maxBytes) {
      if (out === '') {
        for (const cp of segment) {
          const m = utf8Length(cp);
          if (used + m > maxBytes) break;
          out += cp;
          used += m;
        }
      }
      break;
    }
    out += segment;
    used += n;
  }
  return out;
}

/** "name.ext" → ["name", ".ext"]; a leading dot is part of the stem, never an extension. */
export function splitExtension(name: string): [string, string] {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return [name, ''];
  return [name.slice(0, dot), name.slice(dot)];
}

/** "name (n).ext", the stem shortened if needed so the whole stays within the byte limit. */
export function numberedName(name: string, n: number, maxBytes = MAX_NAME_BYTES): string {
  if (n <= 1) return name;
  const [stem, ext] = splitExtension(name);
  const suffix = ` (${n})${ext}`;
  const fitted = trimEnds(truncateUtf8(stem, maxBytes - utf8Length(suffix)));
  return `${fitted || DEFAULT_FALLBACK}${suffix}`;
}

/**
 * The first of "name.ext", "name (2).ext", "name (3).ext", ... for which `taken` says no. Callers compare
 * names case-insensitively where the target file system does (macOS, Windows, and any .zip that may be
 * extracted there), see `nameKey`.
 */
export function uniqueName(name: string, taken: (candidate: string) => boolean, maxBytes = MAX_NAME_BYTES): string {
  for (let n = 1; n < 100_000; n++) {
    const candidate = numberedName(name, n, maxBytes);
    if (!taken(candidate)) return candidate;
  }
  throw new Error(`No free name for ${name}.`);
}

/** How macOS and Windows compare names by default: case-insensitive, composed form. */
export function nameKey(name: string): string {
  return name.normalize('NFC').toLowerCase();
}
