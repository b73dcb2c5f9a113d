// Importing REFI-QDA files: the committed fixtures (written to the standard by hand, see
// test/support/qdpx-fixtures.ts for why QualCoder itself is not run), position mapping (CRLF counted once
// or twice, astral characters), matching by GUID, name and text, and hostile archives.
import { spawnSync, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readQdaFile, resolvePath } from '../../../../src/main/analysis/qdpx-import';
import { planImport, type ImportInterview } from '../../../../src/main/analysis/qdpx-import/plan';
import { locateTurns, rangeForText, rangeForTime, SourceText } from '../../../../src/main/analysis/qdpx-import/text-map';
import { parseXml } from '../../../../src/main/analysis/qdpx-import/xml';
import { bufferSource, readCentralDirectory, ZipReader } from '../../../../src/main/analysis/qdpx-import/zip';
import { FIXTURE_FILES, FIXTURE_INTERVIEWS, FIXTURE_PROJECT, IV_ALPHA, IV_BETA, nvivoCrlf, zip } from '../../../support/qdpx-fixtures';

const FIXTURES = resolve(__dirname, '../../../fixtures/qdpx');
const fixture = (name: string) => new Uint8Array(readFileSync(join(FIXTURES, name)));

async function plan(bytes: Uint8Array, interviews: ImportInterview[] = FIXTURE_INTERVIEWS) {
  const file = await readQdaFile(bufferSource(bytes));
  return planImport(file.project, interviews, FIXTURE_PROJECT, file.readText);
}
const quoteOf = (iv: ImportInterview, s: { start_turn: number; start_offset: number; end_turn: number; end_offset: number }) =>
  s.start_turn === s.end_turn ? iv.transcript[s.start_turn]!.text.slice(s.start_offset, s.end_offset) : null;

describe('committed fixtures', () => {
  it('are the files the generator writes (regenerate with `npx tsx test/fixtures/qdpx/make.ts`)', () => {
    for (const [name, make] of Object.entries(FIXTURE_FILES)) {
      const want = make();
      const got = readFileSync(join(FIXTURES, name));
      if (typeof want === 'string') expect(got.toString('utf8'), name).toBe(want);
      else {
        // Entry by entry (the zip's own bytes carry the time it was written).
        const a = unzipSync(new Uint8Array(got));
        const b = unzipSync(want);
        expect(Object.keys(a), name).toEqual(Object.keys(b));
        for (const k of Object.keys(b)) expect(Buffer.compare(a[k]!, b[k]!), `${name}: ${k}`).toBe(0);
      }
    }
  });

  const XSD = resolve(__dirname, '../../../../../shared/refi-qda/Project.xsd');
  let xmllint = false;
  try {
    execFileSync('xmllint', ['--version'], { stdio: 'pipe' });
    xmllint = existsSync(XSD);
  } catch {
    xmllint = false;
  }
  it.skipIf(!xmllint)('that stand for real tools validate against the REFI-QDA XSD', () => {
    const dir = mkdtempSync(join(tmpdir(), 'qdpx-fix-'));
    for (const name of ['nvivo-crlf.qdpx', 'maxqda-relative.qdpx', 'transcript-syncpoints.qdpx', 'video-selection-only.qdpx']) {
      const file = join(dir, `${name}.qde`);
      writeFileSync(file, strFromU8(unzipSync(fixture(name))['project.qde']!));
      const r = spawnSync('xmllint', ['--noout', '--schema', XSD, file], { encoding: 'utf8' });
      expect(r.status, `${name}: ${r.stderr}`).toBe(0);
    }
  });
});

describe('NVivo-style: PlainTextSelection on CRLF text with an emoji', () => {
  it('matches the source by the participant name and places both codings on the exact words', async () => {
    const p = await plan(fixture('nvivo-crlf.qdpx'));
    expect(p.sources).toHaveLength(1);
    expect(p.sources[0]).toMatchObject({ interview_id: 'iv_alpha', matched_by: 'name', positions: 'as_written', codings: 3, imported: 3, unmatched: [] });
    const quotes = p.segments.map((s) => [quoteOf(IV_ALPHA, s), s.codes]);
    expect(quotes).toEqual([
      ['the recipes got repetitive', ['Repetitive recipes']],
      ['The price went up twice', ['Price rise', 'price']],
    ]);
  });

  it('reads positions that count CRLF once, when that is what fits the words', async () => {
    const p = await plan(nvivoCrlf(true));
    expect(p.sources[0]!.positions).toBe('crlf_as_one');
    expect(p.segments.map((s) => quoteOf(IV_ALPHA, s))).toEqual(['the recipes got repetitive', 'The price went up twice']);
  });

  it('folds the codebook to one level: an uncoded parent is a category, a deeper code goes under its top category', async () => {
    const p = await plan(fixture('nvivo-crlf.qdpx'));
    expect(p.codes).toEqual([
      { name: 'Reasons', color: '#336699', description: 'Why people leave', isCategory: true, parent: null },
      { name: 'Repetitive recipes', color: '#ff0000', description: 'Menus repeat', isCategory: false, parent: 'Reasons' },
      { name: 'price', color: '#00aa00', description: '', isCategory: false, parent: 'Reasons' },
      { name: 'Price rise', color: '#00ff00', description: '', isCategory: false, parent: 'Reasons' },
      { name: 'Logistics', color: '#aa5500', description: '', isCategory: false, parent: null },
      { name: 'Packaging', color: null, description: '', isCategory: false, parent: null },
    ]);
    expect(p.notes.join(' ')).toMatch(/1 code was nested more than one level deep/);
  });
});

describe('MAXQDA-style: Sources/ with relative paths', () => {
  it('matches by the transcript text, and reports the source at an absolute path as unmatched', async () => {
    const p = await plan(fixture('maxqda-relative.qdpx'));
    expect(p.sources.map((s) => [s.name, s.interview_id, s.matched_by])).toEqual([
      ['Interview 2', 'iv_beta', 'text'],
      ['Pilot interview', null, null],
    ]);
    expect(p.sources[1]!.reason).toMatch(/outside the archive/);
    expect(p.sources[1]!.unmatched).toEqual([{ selection: 'pilot', codes: ['Logistics'], reason: expect.stringMatching(/outside the archive/) as string }]);
    expect(p.segments.map((s) => [quoteOf(IV_BETA, s), s.codes])).toEqual([
      ['the delivery slots never fitted our week', ['Logistics']],
      ['too much plastic', ['Packaging']],
    ]);
  });

  it('a parent code with codings of its own stays a code', async () => {
    const xml = strFromU8(unzipSync(fixture('maxqda-relative.qdpx'))['project.qde']!).replace(
      /(<PlainTextSelection[^>]*name="slots"[^>]*>)<Coding([^>]*)><CodeRef targetGUID="[^"]+"/,
      '$1<Coding$2><CodeRef targetGUID="00000000-0000-4000-8000-000000000001"',
    );
    const text = strFromU8(unzipSync(fixture('maxqda-relative.qdpx'))['Sources/interview-2.txt']!);
    const p = await plan(zip({ 'project.qde': xml, 'Sources/interview-2.txt': text }));
    expect(p.codes.find((c) => c.name === 'Reasons')).toMatchObject({ isCategory: false, parent: null });
    expect(p.codes.find((c) => c.name === 'Repetitive recipes')).toMatchObject({ parent: null });
    expect(p.segments[0]!.codes).toEqual(['Reasons']);
    expect(p.notes.join(' ')).toMatch(/"Reasons" has sub-codes and codings of its own/);
  });
});

describe('TranscriptSelection between sync points, with the GUIDs Fieldwork wrote', () => {
  it('matches by GUID, places the coding, says which sync point is missing, and does not double the mirroring VideoSelection', async () => {
    const p = await plan(fixture('transcript-syncpoints.qdpx'));
    const s = p.sources[0]!;
    expect(s).toMatchObject({ interview_id: 'iv_alpha', matched_by: 'guid', codings: 3, imported: 2 });
    expect(s.unmatched).toEqual([{ selection: 'lost', codes: ['price'], reason: expect.stringMatching(/sync points are missing/) as string }]);
    expect(p.segments.map((x) => [quoteOf(IV_ALPHA, x), x.codes])).toEqual([['portions felt smaller', ['price']]]);
    expect(p.duplicates).toBe(1);
  });
});

describe('VideoSelection only', () => {
  it('maps a time span to the turns it covers, matched by the interview id in the name; one past the end is unmatched', async () => {
    const p = await plan(fixture('video-selection-only.qdpx'));
    const s = p.sources[0]!;
    expect(s).toMatchObject({ interview_id: 'iv_beta', matched_by: 'name', codings: 2, imported: 1 });
    expect(s.unmatched[0]!.reason).toMatch(/No transcript turn falls within 1:30–1:35/);
    expect(p.segments).toEqual([
      expect.objectContaining({
        start_turn: 3,
        start_offset: 0,
        end_turn: 3,
        end_offset: IV_BETA.transcript[3]!.text.length,
        start_ms: 10_400,
        codes: ['Packaging'],
      }),
    ]);
  });
});

describe('a .qdc codebook', () => {
  it('brings codes with colours and hierarchy, and no codings', async () => {
    const p = await plan(fixture('codebook.qdc'));
    expect(p.sources).toEqual([]);
    // With no codings anywhere, every parent is a category.
    expect(p.codes.filter((c) => c.isCategory).map((c) => c.name)).toEqual(['Reasons']);
    expect(p.codes).toHaveLength(6);
  });
});

describe('hostile files get clear errors', () => {
  const cases: [string, string, RegExp][] = [
    ['hostile-zip-slip.qdpx', 'qdpx_unsafe_path', /points outside the archive/],
    ['hostile-bomb.qdpx', 'qdpx_zip_bomb', /times larger than it is stored/],
    ['hostile-doctype.qdpx', 'qdpx_doctype', /DOCTYPE/],
    ['hostile-malformed.qdpx', 'qdpx_malformed_xml', /never closed|does not match/],
    ['hostile-wrong-namespace.qdpx', 'qdpx_wrong_namespace', /urn:QDA-XML:project:2.0/],
  ];
  for (const [name, code, message] of cases) {
    it(`${name}: ${code}`, async () => {
      const err = await plan(fixture(name)).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toMatchObject({ code, message: expect.stringMatching(message) as string });
      expect((err as Error).message).not.toMatch(/\n\s+at /);
    });
  }

  it('an entry that inflates to more than it declares is refused', async () => {
    const good = zip({ 'project.qde': '<Project xmlns="urn:QDA-XML:project:1.0"/>', 'sources/a.txt': 'x'.repeat(5000) });
    // Lie about a.txt's size (central directory and local header) so it claims 100 bytes.
    const entries = await readCentralDirectory(bufferSource(good));
    const a = entries.find((e) => e.name === 'sources/a.txt')!;
    const lying = good.slice();
    const view = new DataView(lying.buffer);
    view.setUint32(a.localOffset + 22, 100, true);
    for (let o = 0; o < lying.length - 4; o++)
      if (view.getUint32(o, true) === 0x02014b50 && strFromU8(lying.subarray(o + 46, o + 46 + 13)) === 'sources/a.txt') view.setUint32(o + 24, 100, true);
    const reader = await ZipReader.open(bufferSource(lying));
    await expect(reader.read(reader.find('sources/a.txt')!)).rejects.toMatchObject({ code: 'qdpx_zip_bomb' });
  });

  it('size limits: per entry and in total', async () => {
    const z = zip({ 'project.qde': 'x'.repeat(3000), 'b.txt': 'y'.repeat(3000) });
    const limits = { maxEntryBytes: 2000, maxTotalBytes: 4000, maxRatio: 200, maxEntries: 10 };
    const r = await ZipReader.open(bufferSource(z), limits);
    await expect(r.read(r.find('project.qde')!)).rejects.toMatchObject({ code: 'qdpx_too_large' });
    const r2 = await ZipReader.open(bufferSource(z), { ...limits, maxEntryBytes: 5000 });
    await r2.read(r2.find('project.qde')!);
    await expect(r2.read(r2.find('b.txt')!)).rejects.toMatchObject({ code: 'qdpx_too_large', message: expect.stringMatching(/more than/) as string });
  });

  it('not a zip, an empty file, no project.qde', async () => {
    await expect(readQdaFile(bufferSource(new Uint8Array(0)))).rejects.toMatchObject({ code: 'qdpx_empty' });
    await expect(readQdaFile(bufferSource(new TextEncoder().encode('PK garbage that is no zip')))).rejects.toMatchObject({ code: 'qdpx_bad_zip' });
    await expect(readQdaFile(bufferSource(zip({ 'readme.txt': 'hi' })))).rejects.toMatchObject({ code: 'qdpx_no_project' });
    await expect(readQdaFile(bufferSource(new TextEncoder().encode('<html><body/></html>')))).rejects.toMatchObject({ code: 'qdpx_not_refi' });
  });

  it('paths: internal, relative, Sources/, and never outside the archive', () => {
    const names = new Set(['Sources/a.txt', 'sources/b.txt', 'c.txt']);
    const find = (n: string) => {
      const hit = [...names].find((x) => x.toLowerCase() === n.toLowerCase());
      return hit ? { name: hit, method: 0, flags: 0, compressedSize: 0, size: 0, localOffset: 0 } : undefined;
    };
    const at = (p: string) => {
      const r = resolvePath(p, { find });
      return 'entry' in r ? r.entry.name : r.error;
    };
    expect(at('internal://a.txt')).toBe('Sources/a.txt');
    expect(at('internal://b.txt')).toBe('sources/b.txt');
    expect(at('b.txt')).toBe('sources/b.txt');
    expect(at('./c.txt')).toBe('c.txt');
    expect(at('Sources\\a.txt')).toBe('Sources/a.txt');
    expect(at('/etc/passwd')).toMatch(/outside the archive/);
    expect(at('C:\\Users\\x\\a.txt')).toMatch(/outside the archive/);
    expect(at('file:///home/x/a.txt')).toMatch(/outside the archive/);
    expect(at('../a.txt')).toMatch(/outside the archive/);
    expect(at('internal://../../a.txt')).toMatch(/outside the archive/);
    expect(at('missing.txt')).toMatch(/not in the archive/);
  });
});

describe('the XML parser', () => {
  it('decodes the predefined entities and character references, reads CDATA, and checks the root namespace', () => {
    const el = parseXml('<?xml version="1.0"?><!-- c --><p:R xmlns:p="urn:x" a="&lt;&#x1F600;&#10;"><A>x &amp; <![CDATA[<y>]]></A></p:R>');
    expect(el).toMatchObject({ name: 'R', ns: 'urn:x', attrs: { a: '<😀\n' } });
    expect(el.children[0]).toMatchObject({ name: 'A', text: 'x & <y>' });
  });
  it('refuses unknown entities, bad references, mismatched tags and a second root', () => {
    expect(() => parseXml('<a>&foo;</a>')).toThrow(expect.objectContaining({ code: 'qdpx_xml_entity' }));
    expect(() => parseXml('<a>&#0;</a>')).toThrow(expect.objectContaining({ code: 'qdpx_malformed_xml' }));
    expect(() => parseXml('<a><b></a>')).toThrow(expect.objectContaining({ code: 'qdpx_malformed_xml' }));
    expect(() => parseXml('<a/><b/>')).toThrow(expect.objectContaining({ code: 'qdpx_malformed_xml' }));
    expect(() => parseXml('<a b="1" b="2"/>')).toThrow(expect.objectContaining({ code: 'qdpx_malformed_xml' }));
    expect(() => parseXml('<a>' + '<b>'.repeat(300) + '</b>'.repeat(300) + '</a>')).toThrow(expect.objectContaining({ code: 'qdpx_too_large' }));
  });
});

describe('position mapping', () => {
  const turns = [
    { index: 0, role: 'AI' as const, text: 'Hi 😀 there', start_ms: 0, end_ms: 1000 },
    { index: 1, role: 'User' as const, text: 'Line one\r\nline 🍝 two', start_ms: 1000, end_ms: 5000 },
  ];
  it('counts astral characters as one and maps back to UTF-16 offsets in the stored turn', () => {
    const raw = 'I: Hi 😀 there\r\n\r\nP: Line one\r\nline 🍝 two\r\n';
    const st = new SourceText(raw);
    const spans = locateTurns(st, turns);
    // "🍝 two" as code points, CRLF as written.
    const cps = [...raw];
    const from = cps.indexOf('🍝');
    const r = rangeForText(spans, st.at(from, 'as_written')!, st.at(from + 5, 'as_written')!)!;
    expect(turns[1]!.text.slice(r.start_offset, r.end_offset)).toBe('🍝 two');
    // CRLF counted once: the same words are 3 positions earlier (3 breaks before them).
    const r1 = rangeForText(spans, st.at(from - 3, 'crlf_as_one')!, st.at(from + 2, 'crlf_as_one')!)!;
    expect(turns[1]!.text.slice(r1.start_offset, r1.end_offset)).toBe('🍝 two');
    // Across turns, from inside the first to inside the second.
    const across = rangeForText(spans, st.at(6, 'as_written')!, st.at(from - 1, 'as_written')!)!;
    expect(across).toMatchObject({ start_turn: 0, start_offset: 3, end_turn: 1 });
    // Only the speaker label: nothing.
    expect(rangeForText(spans, 0, 2)).toBeNull();
  });
  it('time spans take the turns whose middle they hold', () => {
    expect(rangeForTime(turns, 0, 6000)).toMatchObject({ start_turn: 0, end_turn: 1, end_offset: turns[1]!.text.length });
    expect(rangeForTime(turns, 2000, 2500)).toMatchObject({ start_turn: 1, end_turn: 1 });
    expect(rangeForTime(turns, 9000, 9500)).toBeNull();
  });
});

describe('matching', () => {
  it('by text only when one interview clearly holds the words; ambiguous text is unmatched with the reason', async () => {
    const twin: ImportInterview = { ...IV_BETA, id: 'iv_twin', participant_name: 'Twin' };
    const p = await plan(fixture('maxqda-relative.qdpx'), [IV_ALPHA, IV_BETA, twin]);
    expect(p.sources[0]).toMatchObject({
      interview_id: null,
      reason: expect.stringMatching(/fits iv_beta and iv_twin equally|fits iv_twin and iv_beta equally/) as string,
    });
    const none = await plan(fixture('maxqda-relative.qdpx'), [IV_ALPHA]);
    expect(none.sources[0]).toMatchObject({ interview_id: null, matched_by: null });
    expect(none.sources[0]!.unmatched.map((u) => u.selection)).toEqual(['slots', 'plastic']);
  });
});

describe('audio sources, and codes that clash with the study’s codebook', () => {
  it('an AudioSelection lands on the turns its time covers', async () => {
    const qde = `<Project xmlns="urn:QDA-XML:project:1.0" origin="QualCoder 3.6"><CodeBook><Codes>
<Code guid="00000000-0000-4000-8000-000000000001" name="Money" isCodable="true"/></Codes></CodeBook><Sources>
<AudioSource guid="00000000-0000-4000-8000-000000000002" name="iv_alpha.m4a" path="internal://x.m4a">
<AudioSelection guid="00000000-0000-4000-8000-000000000003" begin="9000" end="17500"><Coding guid="00000000-0000-4000-8000-000000000004"><CodeRef targetGUID="00000000-0000-4000-8000-000000000001"/></Coding></AudioSelection>
</AudioSource></Sources></Project>`;
    const p = await plan(zip({ 'project.qde': qde }));
    expect(p.sources[0]).toMatchObject({ kind: 'AudioSource', interview_id: 'iv_alpha', matched_by: 'name', imported: 1 });
    expect(p.segments).toEqual([expect.objectContaining({ start_turn: 2, end_turn: 3, codes: ['Money'] })]);
  });

  it('an imported code whose name is a category in the study is not applied, and the report says why', async () => {
    const { openInProcessCache } = await import('../../../../src/main/cache/cache');
    const cache = await openInProcessCache(':memory:');
    try {
      await cache.call('codes.create', { projectId: 'p', name: 'money', isCategory: true, now: 'now' });
      const seg = {
        interview_id: 'iv',
        start_turn: 1,
        start_offset: 0,
        end_turn: 1,
        end_offset: 4,
        start_ms: null,
        quote: 'Cost',
        note: '',
        codes: ['Money', 'Cost'],
      };
      const r = await cache.call('imports.applyQdpx', {
        projectId: 'p',
        coder: 'B',
        codes: [
          { name: 'Money', color: '#111111', description: '', isCategory: false, parent: null },
          { name: 'Cost', color: '#222222', description: 'What it costs', isCategory: false, parent: null },
        ],
        segments: [seg],
        now: 'now',
      });
      expect(r).toMatchObject({
        created: ['Cost'],
        merged: ['money'],
        skipped: [{ name: 'Money', reason: expect.stringMatching(/is a category/) as string }],
        added: 1,
        refused: 1,
      });
      expect((await cache.call('highlights.list', { projectId: 'p', coder: 'B' })).map((h) => h.codes.map((c) => c.name))).toEqual([['Cost']]);
    } finally {
      await cache.close();
    }
  });

  it('the coder must be named, and not as the AI report', async () => {
    const { importChannels } = await import('../../../../src/shared/ipc/channels/imports');
    const schema = importChannels['imports.qdpx'].input;
    const base = { workspace_id: 'w1', project_id: 'p1', file_token: 'file_x' };
    expect(schema.safeParse({ ...base, coder: '  Dana ' })).toMatchObject({ success: true, data: { coder: 'Dana' } });
    expect(schema.safeParse({ ...base, coder: '   ' }).success).toBe(false);
    expect(schema.safeParse({ ...base, coder: 'ai REPORT' }).success).toBe(false);
    expect(schema.safeParse({ ...base, coder: 'a\u0007b' }).success).toBe(false);
  });
});

describe('zip64', () => {
  it('reads sizes and offsets from the zip64 extra field and end records', async () => {
    const name = new TextEncoder().encode('project.qde');
    const body = new TextEncoder().encode(
      '<CodeBook xmlns="urn:QDA-XML:codebook:1.0"><Codes><Code guid="00000000-0000-4000-8000-000000000001" name="Z" isCodable="true"/></Codes></CodeBook>',
    );
    const parts: number[] = [];
    const u16 = (n: number) => parts.push(n & 0xff, (n >>> 8) & 0xff);
    const u32 = (n: number) => {
      u16(n & 0xffff);
      u16(n >>> 16);
    };
    const u64 = (n: number) => {
      u32(n % 2 ** 32);
      u32(Math.floor(n / 2 ** 32));
    };
    const bytes = (b: Uint8Array) => parts.push(...b);
    const w = (...fields: [16 | 32 | 64, number][]) => {
      for (const [bits, n] of fields) (bits === 16 ? u16 : bits === 32 ? u32 : u64)(n);
    };
    // Local header (stored), then the data.
    w([32, 0x04034b50], [16, 45], [16, 0], [16, 0], [16, 0], [16, 0], [32, 0], [32, body.length], [32, body.length], [16, name.length], [16, 0]);
    bytes(name);
    bytes(body);
    const cdOffset = parts.length;
    w([32, 0x02014b50], [16, 45], [16, 45], [16, 0], [16, 0], [16, 0], [16, 0], [32, 0]);
    w([32, 0xffffffff], [32, 0xffffffff], [16, name.length], [16, 28], [16, 0], [16, 0], [16, 0], [32, 0], [32, 0xffffffff]);
    bytes(name);
    w([16, 0x0001], [16, 24], [64, body.length], [64, body.length], [64, 0]);
    const cdSize = parts.length - cdOffset;
    const z64 = parts.length;
    w([32, 0x06064b50], [64, 44], [16, 45], [16, 45], [32, 0], [32, 0], [64, 1], [64, 1], [64, cdSize], [64, cdOffset]);
    w([32, 0x07064b50], [32, 0], [64, z64], [32, 1]);
    w([32, 0x06054b50], [16, 0], [16, 0], [16, 0xffff], [16, 0xffff], [32, 0xffffffff], [32, 0xffffffff], [16, 0]);
    const archive = Uint8Array.from(parts);
    const [entry] = await readCentralDirectory(bufferSource(archive));
    expect(entry).toMatchObject({ name: 'project.qde', size: body.length, compressedSize: body.length, localOffset: 0 });
    const file = await readQdaFile(bufferSource(archive)).catch((e: unknown) => e);
    // A zip holding a codebook under the project's name is read as what its root says it is.
    expect(file).toMatchObject({ project: { kind: 'codebook', codes: [{ name: 'Z' }] } });
  });
});
