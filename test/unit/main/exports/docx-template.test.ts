// The templated transcript DOCX (docx-template.ts) against the docx library packing the same document on
// its own (renderDocxWithLibrary), for ordinary and hostile inputs: the same parts in the same order,
// byte for byte, except the creation time in docProps/core.xml. The zip container is written by hand, so
// it is read back here independently: headers, sizes and a CRC-32 computed by this file's own table.
import { describe, it, expect } from 'vitest';
import { inflateRawSync } from 'node:zlib';
import { strFromU8, unzipSync } from 'fflate';
import {
  docxTemplate,
  renderDocx,
  renderDocxWithLibrary,
  type TranscriptExportInput,
  type TranscriptExportOptions,
} from '../../../../src/main/exports/transcript';
import type { InterviewDetail } from '../../../../src/shared/views';
import type { TranscriptTurn } from '../../../../src/shared/schemas/transcript';
import { paragraphs } from '../../../support/docx';

const HOSTILE = 'bad \u0000\u0007\u000b\u000c \uD800 lone \uDC00 ]]> <x> & "q" \'a\' \u2028 sep \uFFFE\uFFFF 😀 \u200F\u202Eevil\u202C \ttab';

function turn(index: number, role: TranscriptTurn['role'], text: string, start_ms: number): TranscriptTurn {
  return { index, role, text, start_ms, end_ms: null };
}

function detail(overrides: Partial<InterviewDetail> = {}): InterviewDetail {
  return {
    id: 'iv_1',
    project_id: 'prj_1',
    code: 'P01',
    status: 'COMPLETED',
    completed_at: '2026-11-20T10:15:00Z',
    duration_minutes: 14.5,
    participant_name: 'Zelda Quartermain',
    participant_email: 'zelda@example.org',
    screener_approved: true,
    detail_state: 'complete',
    turn_count: 2,
    has_video: false,
    participant: { name: 'Zelda Quartermain', email: 'zelda@example.org', fields: { employer: 'Acme & <Sons>', age: 34, note: null } },
    screener: { approved: true, items: [{ id: 'q1', text: 'Which bank?', answer: 'HiddenBank' }] },
    transcript: [turn(0, 'AI', 'Hi, thanks for joining.', 0), turn(1, 'User', 'Sure.', 4200)],
    thumbnail_url: null,
    offline: false,
    ...overrides,
  };
}

const CASES: { name: string; input: TranscriptExportInput; options: Partial<TranscriptExportOptions> }[] = [
  { name: 'plain, defaults', input: { project: { id: 'prj_1', title: 'Meal-kit churn' }, interview: detail() }, options: {} },
  {
    name: 'hostile text everywhere, participant data included, names as labels',
    input: {
      project: { id: 'prj_<1>', title: HOSTILE },
      interview: detail({
        id: `iv_${HOSTILE}`,
        completed_at: HOSTILE,
        participant_name: HOSTILE,
        participant: { name: `${HOSTILE}\nsecond line`, email: HOSTILE, fields: { [HOSTILE]: HOSTILE, plain: 'x' } },
        screener: {
          approved: false,
          items: [
            { id: 'q1', text: `Question with\nlines and ${HOSTILE}`, answer: HOSTILE },
            { id: 'q2', text: 'Unanswered?', answer: null },
          ],
        },
        transcript: [
          turn(0, 'AI', HOSTILE, 0),
          turn(1, 'User', 'line one  \r\n\r\n  line two\rline three\u2029line four\n\n', 61_000),
          turn(2, 'unknown', '', 3_725_000),
          turn(3, 'User', '   ', Number.NaN),
          turn(4, 'User', `${'long '.repeat(2000)}end`, -5),
          turn(5, 'AI', 'שלום עולם \u200F(RTL) مرحبا', 7_200_000),
        ],
      }),
    },
    options: { includeParticipant: true, speakerLabels: 'name' },
  },
  {
    name: 'hostile text, participant data off',
    input: { project: { id: 'p', title: HOSTILE }, interview: detail({ transcript: [turn(0, 'User', HOSTILE, 1000)] }) },
    options: { includeParticipant: false, speakerLabels: 'ai-user' },
  },
  {
    name: 'empty transcript, no duration or date, no screener, no participant record',
    input: {
      project: { id: 'prj_empty', title: '' },
      interview: detail({ transcript: [], duration_minutes: null, completed_at: null, screener: null, participant: null, participant_email: null }),
    },
    options: { includeParticipant: true },
  },
  {
    name: 'screener with approval unknown, line endings CRLF',
    input: { project: { id: 'p', title: 'T' }, interview: detail({ screener: { approved: null, items: [{ id: 'q', text: 'Q', answer: 'A' }] } }) },
    options: { includeParticipant: true, lineEnding: 'crlf' },
  },
  {
    name: 'screener present but empty',
    input: { project: { id: 'p', title: 'T' }, interview: detail({ screener: { approved: true, items: [] } }) },
    options: { includeParticipant: true },
  },
];

const ISO = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g;

describe('templated transcript DOCX', () => {
  it('builds its template from the docx library without complaint', async () => {
    await expect(docxTemplate()).resolves.toBeDefined();
  });

  for (const c of CASES) {
    it(`is the library's document, part for part: ${c.name}`, async () => {
      const templated = unzipSync(new Uint8Array(await renderDocx(c.input, c.options)));
      const library = unzipSync(new Uint8Array(await renderDocxWithLibrary(c.input, c.options)));
      expect(Object.keys(templated)).toEqual(Object.keys(library));
      for (const name of Object.keys(library)) {
        const a = strFromU8(templated[name]!);
        const b = strFromU8(library[name]!);
        if (name === 'docProps/core.xml') {
          // Only the creation and modification times may differ (each is "now").
          expect(a.match(ISO)).toHaveLength(2);
          expect(a.replace(ISO, 'T')).toBe(b.replace(ISO, 'T'));
        } else {
          expect(a, name).toBe(b);
        }
      }
      // Not vacuous: the paragraphs hold the transcript, in order, as the reader sees it.
      const text = paragraphs(strFromU8(templated['word/document.xml']!));
      expect(text.length).toBeGreaterThan(4);
      for (const t of c.input.interview.transcript) {
        if (t.text.trim() === '') continue;
        const firstWord = t.text
          .trim()
          .split(/\s/)[0]!
          // eslint-disable-next-line no-control-regex
          .replace(/[\u0000-\u001F\uD800-\uDFFF]/g, '');
        expect(text.some((p) => p.includes(firstWord))).toBe(true);
      }
    });
  }

  it('keeps hostile text readable, with only characters XML 1.0 allows', async () => {
    const c = CASES[1]!;
    const xml = strFromU8(unzipSync(new Uint8Array(await renderDocx(c.input, c.options)))['word/document.xml']!);
    // eslint-disable-next-line no-control-regex
    expect(xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/);
    expect(xml).not.toContain(']]>');
    const text = paragraphs(xml).join('\n');
    expect(text).toContain(']]> <x> & "q" \'a\'');
    expect(text).toContain('😀');
    expect(text).toContain('\u200F\u202Eevil\u202C');
    expect(text).toContain('line one\n  line two\nline three\nline four');
    expect(text).toContain('[01:02:05] Speaker: ');
  });

  it('puts the title and a fresh time in the document properties', async () => {
    const before = Date.now();
    const core = strFromU8(unzipSync(new Uint8Array(await renderDocx(CASES[0]!.input)))['docProps/core.xml']!);
    expect(core).toContain('<dc:title>Meal-kit churn: interview iv_1</dc:title>');
    for (const iso of core.match(ISO) ?? []) expect(Date.parse(iso)).toBeGreaterThanOrEqual(before - 1000);
  });
});

// CRC-32 (IEEE), by table: independent of the zlib the writer uses.
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

describe('templated DOCX zip container', () => {
  it('has a consistent central directory, local headers, sizes and CRC-32 for every part', async () => {
    const zip = await renderDocx(CASES[1]!.input, CASES[1]!.options);
    const eocd = zip.length - 22;
    expect(zip.readUInt32LE(eocd)).toBe(0x06054b50);
    const count = zip.readUInt16LE(eocd + 10);
    const dirSize = zip.readUInt32LE(eocd + 12);
    let p = zip.readUInt32LE(eocd + 16);
    expect(p + dirSize).toBe(eocd);
    const names: string[] = [];
    for (let i = 0; i < count; i++) {
      expect(zip.readUInt32LE(p)).toBe(0x02014b50);
      const method = zip.readUInt16LE(p + 10);
      const crc = zip.readUInt32LE(p + 16);
      const compressed = zip.readUInt32LE(p + 20);
      const size = zip.readUInt32LE(p + 24);
      const nameLength = zip.readUInt16LE(p + 28);
      const extra = zip.readUInt16LE(p + 30);
      const comment = zip.readUInt16LE(p + 32);
      const local = zip.readUInt32LE(p + 42);
      const name = zip.toString('utf8', p + 46, p + 46 + nameLength);
      names.push(name);
      // The local header says the same.
      expect(zip.readUInt32LE(local)).toBe(0x04034b50);
      expect(zip.readUInt16LE(local + 8)).toBe(method);
      expect(zip.readUInt32LE(local + 14)).toBe(crc);
      expect(zip.readUInt32LE(local + 18)).toBe(compressed);
      expect(zip.readUInt32LE(local + 22)).toBe(size);
      expect(zip.toString('utf8', local + 30, local + 30 + nameLength)).toBe(name);
      const start = local + 30 + nameLength + zip.readUInt16LE(local + 28);
      const raw = zip.subarray(start, start + compressed);
      const data = method === 8 ? inflateRawSync(raw) : raw;
      expect(data.length, name).toBe(size);
      expect(crc32(data), name).toBe(crc);
      p += 46 + nameLength + extra + comment;
    }
    expect(names).toEqual(expect.arrayContaining(['[Content_Types].xml', '_rels/.rels', 'word/document.xml', 'docProps/core.xml', 'word/styles.xml']));
  });
});
