// File names built from untrusted text must be creatable on Windows, macOS and Linux.
import { describe, expect, it } from 'vitest';
import { MAX_NAME_BYTES, numberedName, safeFileName, truncateUtf8, uniqueName, utf8Length } from '../../../../src/main/output/file-names';
import { seededRandom } from '../../../support/random';

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The name is valid UTF-8 (no lone surrogate), and round-trips through bytes unchanged. */
function isWellFormed(name: string): boolean {
  try {
    return decoder.decode(new TextEncoder().encode(name)) === name && !/[\ud800-\udfff]/.test(name.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''));
  } catch {
    return false;
  }
}

const WINDOWS_RESERVED = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])$/i;

/** The rules any produced name must satisfy, checked independently of the implementation. */
function assertPortable(name: string): void {
  expect(name.length).toBeGreaterThan(0);
  expect(utf8Length(name)).toBeLessThanOrEqual(MAX_NAME_BYTES);
  expect(isWellFormed(name)).toBe(true);
  // eslint-disable-next-line no-control-regex -- control characters must not survive
  expect(name).not.toMatch(/[<>:"/\\|?*\u0000-\u001f\u007f]/);
  expect(name).not.toMatch(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
  expect(name).not.toMatch(/^[.\s]/);
  expect(name).not.toMatch(/[.\s]$/);
  expect(name.split('.')[0]!.trimEnd()).not.toMatch(WINDOWS_RESERVED);
  expect(name).not.toBe('..');
}

const emoji300 = '👩🏽‍🔬'.repeat(30); // 30 × 15 bytes = 450 bytes, each a 4-code-point grapheme
const cases: Array<{ input: string; ext?: string; expected?: string; note: string }> = [
  { input: 'Interview 12', ext: 'txt', expected: 'Interview 12.txt', note: 'ordinary name kept' },
  { input: 'CON', expected: '_CON', note: 'device name' },
  { input: 'con', ext: 'txt', expected: '_con.txt', note: 'device name, lower case, with extension' },
  { input: 'con.txt', expected: '_con.txt', note: 'device name with its own extension' },
  { input: 'Nul .tar.gz', expected: '_Nul .tar.gz', note: 'device name with trailing space before dots' },
  { input: 'COM1', ext: 'srt', expected: '_COM1.srt', note: 'COM port' },
  { input: 'lpt9', expected: '_lpt9', note: 'LPT port' },
  { input: 'COM¹', expected: '_COM¹', note: 'superscript COM port' },
  { input: 'CONSOLE', expected: 'CONSOLE', note: 'longer name starting with a device name is fine' },
  { input: 'report. . .', ext: 'md', expected: 'report.md', note: 'trailing dots and spaces' },
  { input: 'notes   ', expected: 'notes', note: 'trailing spaces' },
  { input: '.hidden', expected: 'hidden', note: 'leading dot' },
  { input: '..', ext: 'txt', expected: 'untitled.txt', note: 'dot-dot alone → fallback' },
  { input: '../../etc/passwd', expected: '_.._etc_passwd', note: 'traversal becomes one flat name' },
  { input: '..\\..\\Windows\\win.ini', expected: '_.._Windows_win.ini', note: 'Windows traversal' },
  { input: '???', ext: 'txt', expected: 'untitled.txt', note: 'only reserved characters → fallback' },
  { input: 'a<b>c:d"e|f?g*h', expected: 'a_b_c_d_e_f_g_h', note: 'reserved characters' },
  { input: 'nul\u0000byte', expected: 'nul_byte', note: 'NUL character' },
  { input: 'tab\there\nnewline', expected: 'tab_here_newline', note: 'control characters' },
  { input: 'invoice\u202Etxt.exe', expected: 'invoicetxt.exe', note: 'RTL override dropped' },
  { input: '\u200F\u200E', ext: 'csv', expected: 'untitled.csv', note: 'only direction marks → fallback' },
  { input: 'مقابلة \u200Fأحمد', expected: 'مقابلة أحمد', note: 'Arabic kept, RLM dropped' },
  { input: '', ext: 'docx', expected: 'untitled.docx', note: 'empty → fallback' },
  { input: '   ...   ', expected: 'untitled', note: 'nothing left → fallback' },
  { input: 'x.docx', ext: '.docx', expected: 'x.docx', note: 'extension not doubled' },
  { input: 'x', ext: '../../evil', expected: 'x.evil', note: 'extension cleaned' },
  { input: 'e\u0301te\u0301', expected: 'été', note: 'NFC composed' },
  { input: 'a\ud800b', expected: 'ab', note: 'lone surrogate dropped' },
  { input: emoji300, ext: 'txt', note: '450-byte emoji name' },
  { input: 'é'.repeat(300), ext: 'docx', note: '600-byte accented name' },
  { input: 'x'.repeat(300), ext: 'srt', note: '300 ASCII characters' },
  { input: `a${'\u0301'.repeat(400)}`, note: 'one grapheme larger than the limit' },
];

describe('safeFileName', () => {
  it.each(cases)('$note: $input', ({ input, ext, expected }) => {
    const out = safeFileName(input, ext === undefined ? {} : { ext });
    if (expected !== undefined) expect(out).toBe(expected);
    assertPortable(out);
    if (ext) expect(out).toMatch(/[^.]\.[A-Za-z0-9_-]+$/);
    // Cleaning a clean name changes nothing, so callers can validate paths by comparing.
    expect(safeFileName(out)).toBe(out);
  });

  it('keeps whole graphemes when cutting a long emoji name', () => {
    const out = safeFileName(emoji300, { ext: 'txt' });
    const stem = out.slice(0, -'.txt'.length);
    expect(utf8Length(out)).toBeLessThanOrEqual(255);
    // 240 bytes of 15-byte graphemes is 16 whole scientists; a cut grapheme would leave a remainder.
    expect(stem).toBe('👩🏽‍🔬'.repeat(16));
  });

  it('uses the fallback, itself cleaned', () => {
    expect(safeFileName('///', { fallback: 'interview-7', ext: 'vtt' })).toBe('interview-7.vtt');
    expect(safeFileName('', { fallback: 'CON' })).toBe('_CON');
    expect(safeFileName('', { fallback: '..' })).toBe('untitled');
  });

  it('respects a smaller byte budget', () => {
    const out = safeFileName('ü'.repeat(100), { ext: 'md', maxBytes: 64 });
    expect(utf8Length(out)).toBeLessThanOrEqual(64);
    expect(out).toBe(`${'ü'.repeat(30)}.md`);
  });

  it('is portable and idempotent for random hostile input', () => {
    const alphabet = [
      'a',
      'Z',
      '.',
      ' ',
      '/',
      '\\',
      ':',
      '\u0000',
      '\u202E',
      '\u200F',
      'é',
      'e\u0301',
      '😀',
      '👩🏽‍🔬',
      '\ud800',
      '\udc00',
      'CON',
      'lpt1',
      '..',
      '\t',
      '\u3000',
      '\u200D',
    ];
    const rand = seededRandom(42).int;
    for (let i = 0; i < 2000; i++) {
      const len = rand(200);
      let s = '';
      for (let j = 0; j < len; j++) s += alphabet[rand(alphabet.length)];
      const out = safeFileName(s, rand(2) ? { ext: 'txt' } : {});
      assertPortable(out);
      expect(safeFileName(out)).toBe(out);
    }
  });
});

describe('truncateUtf8', () => {
  it('never splits a surrogate pair or a multi-byte character', () => {
    for (let max = 0; max < 20; max++) {
      const cut = truncateUtf8('a😀é中b', max);
      expect(utf8Length(cut)).toBeLessThanOrEqual(max);
      expect(isWellFormed(cut)).toBe(true);
      expect('a😀é中b'.startsWith(cut)).toBe(true);
    }
  });
});

describe('uniqueName', () => {
  it('numbers repeats as "name (n).ext"', () => {
    const taken = new Set(['report.md', 'report (2).md']);
    expect(uniqueName('report.md', (c) => taken.has(c))).toBe('report (3).md');
    expect(uniqueName('fresh.md', (c) => taken.has(c))).toBe('fresh.md');
    expect(uniqueName('README', (c) => c === 'README')).toBe('README (2)');
    expect(uniqueName('Report.MD', (c) => c.toLowerCase() === 'report.md')).toBe('Report (2).MD');
  });

  it('stays within 255 bytes when the name is already at the limit', () => {
    const long = safeFileName('😀'.repeat(100), { ext: 'docx' });
    expect(utf8Length(long)).toBeGreaterThan(245);
    const next = numberedName(long, 12);
    expect(next.endsWith(' (12).docx')).toBe(true);
    expect(utf8Length(next)).toBeLessThanOrEqual(255);
    assertPortable(next);
  });
});
