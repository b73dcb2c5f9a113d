// REFI-QDA export, checked from outside: xmllint validates project.qde against the shared XSD, the zip is
// read back with fflate, and every offset is checked against the transcript text that was written.
import { describe, it, expect, beforeAll } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import {
  buildProjectQde,
  buildQdpx,
  planProjectQde,
  sliceCodePoints,
  codePointLength,
  type QdpxInput,
  type QdpxLineEnding,
} from '../../../../src/main/exports/qdpx';
import type { InterviewDetail } from '../../../../src/shared/views';
import type { HighlightView } from '../../../../src/shared/ipc/channels/highlights';
import type { TranscriptTurn } from '../../../../src/shared/schemas/transcript';

const XSD = resolve(__dirname, '../../../../../shared/refi-qda/Project.xsd');
const hasXsd = existsSync(XSD);
let hasXmllint = false;
try {
  execFileSync('xmllint', ['--version'], { stdio: 'pipe' });
  hasXmllint = true;
} catch {
  hasXmllint = false;
}
const canValidate = hasXsd && hasXmllint;
if (!canValidate) {
  console.warn(`qdpx: skipping XSD validation: ${hasXsd ? '' : `no schema at ${XSD}. `}${hasXmllint ? '' : 'xmllint is not installed.'}`);
}

const dir = mkdtempSync(join(tmpdir(), 'qdpx-test-'));
let n = 0;
function validate(xml: string): { ok: boolean; output: string } {
  const file = join(dir, `p${n++}.qde`);
  writeFileSync(file, xml, 'utf8');
  // xmllint reports "<file> validates" (or the errors) on stderr, and exits non-zero when invalid.
  const r = spawnSync('xmllint', ['--noout', '--schema', XSD, file], { encoding: 'utf8' });
  return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
}

const t = (index: number, role: TranscriptTurn['role'], text: string, start_ms: number, end_ms: number | null): TranscriptTurn => ({
  index,
  role,
  text,
  start_ms,
  end_ms,
});

/** Each interview's participant code, as the cache gives it. */
const CODES_BY_ID: Record<string, string> = { iv_a: 'P01', iv_b: 'P02', iv_c: 'P03' };

function interview(id: string, turns: TranscriptTurn[], over: Partial<InterviewDetail> = {}): InterviewDetail {
  return {
    id,
    project_id: 'prj_1',
    code: CODES_BY_ID[id] ?? 'P99',
    status: 'COMPLETE',
    completed_at: '2026-11-20T10:15:00Z',
    duration_minutes: 14,
    participant_name: `Name of ${id}`,
    participant_email: `${id}@example.org`,
    screener_approved: true,
    detail_state: 'complete',
    turn_count: turns.length,
    has_video: true,
    participant: { name: `Name of ${id}`, email: `${id}@example.org`, fields: { plan: 'family', age: 34, churned: true } },
    screener: { approved: true, items: [{ id: 'q1', text: 'Which box do you order?', answer: 'Veggie' }] },
    transcript: turns,
    thumbnail_url: null,
    offline: true,
    ...over,
  };
}

// Multi-line turns, CRLF inside a turn, emoji (astral code points), RTL marks, markup and XML specials.
const ADVERSARIAL: TranscriptTurn[] = [
  t(0, 'AI', 'Hi <b>there</b> & welcome. What made you cancel?', 0, 4200),
  t(1, 'User', 'Honestly 😀😀 the recipes got repetitive.\r\nAlso --> the price & "value".', 4600, 9100),
  t(2, 'AI', 'שלום \u200Fמה\u200E? Tell me more about the price.', 9500, null),
  t(3, 'User', 'Line one\nline two\rline three\u2028with 🍝 pasta, mostly.', 12_000, 15_250),
  t(4, 'User', '', 16_000, 17_000),
  t(5, 'AI', 'Thank you]]> that is all.\u0001', 3_725_000, null),
];
const PLAIN: TranscriptTurn[] = [t(0, 'AI', 'Why did you sign up?', 0, 2000), t(1, 'User', 'A friend recommended the family plan.', 2500, 6000)];

function highlight(over: Partial<HighlightView>): HighlightView {
  return {
    id: 'h1',
    project_id: 'prj_1',
    interview_id: 'iv_a',
    start_turn: 1,
    start_offset: 0,
    end_turn: 1,
    end_offset: 5,
    start_ms: 4600,
    quote: '',
    note: 'a note <with> & markup',
    codes: [{ id: 'c1', name: 'pricing', color: '#d4883b' }],
    coder: null,
    created_at: '2026-11-21T00:00:00Z',
    updated_at: '2026-11-21T00:00:00Z',
    participant_name: null,
    code: 'P01',
    ...over,
  };
}

// Highlights in the cache's unit: UTF-16 offsets into the raw turn text.
const rawA1 = ADVERSARIAL[1]!.text;
const hlEmoji = highlight({
  id: 'h_emoji',
  start_offset: rawA1.indexOf('😀'),
  end_offset: rawA1.indexOf('repetitive') + 'repetitive'.length,
  codes: [
    { id: 'c2', name: 'food', color: '#2e9e6a' },
    { id: 'c1', name: 'pricing', color: '#d4883b' },
  ],
});
const rawA3 = ADVERSARIAL[3]!.text;
const hlMultiTurn = highlight({
  id: 'h_multi',
  start_turn: 2,
  start_offset: ADVERSARIAL[2]!.text.indexOf('price'),
  end_turn: 3,
  end_offset: rawA3.indexOf(' pasta'),
  codes: [],
});

function input(): QdpxInput {
  return {
    project: { id: 'prj_1', title: 'Meal-kit churn <&> "study"', summary: 'People leave when recipes repeat & prices rise.' },
    user: { id: 'usr_1', name: 'Ada Researcher' },
    interviews: [
      interview('iv_a', ADVERSARIAL),
      interview('iv_b', PLAIN, { participant: { name: 'CON', email: null, fields: { plan: 'single', '../x': 'y' } } }),
      interview('iv_c', PLAIN, { status: 'INCOMPLETE' }),
    ],
    themes: [
      {
        title: 'Repetitive recipes',
        summary: 'Menus feel the same.',
        frequency: 0.6,
        quotes: ['the recipes got repetitive', { text: 'A friend recommended', interview_id: 'iv_b', turn_index: 1 }, 'never said anywhere'],
      },
      { title: 'Price', quotes: ['“Also --> the price & "value".”', 'with 🍝 pasta'] },
    ],
    highlights: [hlEmoji, hlMultiTurn, highlight({ id: 'h_gone', interview_id: 'iv_zzz' })],
    videoFiles: { iv_a: '/cache/videos/iv_a.MP4' },
    videoUrls: { iv_b: 'https://video.example.org/iv_b.mp4?sig=abc&x=1' },
  };
}

const NOW = new Date('2026-11-22T09:00:00Z');
const ENDINGS: QdpxLineEnding[] = ['lf', 'crlf'];

/** All SyncPoints and TranscriptSelections in the XML, per transcript guid, read with a regex over our own output. */
function parseTranscripts(xml: string) {
  const out = new Map<
    string,
    { path: string; sync: Map<string, { position: number; timeStamp: number }>; selections: { from: string; to: string; codes: string[] }[] }
  >();
  for (const m of xml.matchAll(/<Transcript guid="([^"]+)"[^>]*plainTextPath="internal:\/\/([^"]+)"[^>]*>([\s\S]*?)<\/Transcript>/g)) {
    const sync = new Map<string, { position: number; timeStamp: number }>();
    for (const s of m[3]!.matchAll(/<SyncPoint guid="([^"]+)" timeStamp="(\d+)" position="(\d+)"\/>/g)) {
      sync.set(s[1]!, { timeStamp: Number(s[2]), position: Number(s[3]) });
    }
    const selections = [
      ...m[3]!.matchAll(/<TranscriptSelection [^>]*fromSyncPoint="([^"]+)" toSyncPoint="([^"]+)"[^>]*>([\s\S]*?)<\/TranscriptSelection>/g),
    ].map((s) => ({
      from: s[1]!,
      to: s[2]!,
      codes: [...s[3]!.matchAll(/<CodeRef targetGUID="([^"]+)"\/>/g)].map((c) => c[1]!),
    }));
    out.set(m[1]!, { path: m[2]!, sync, selections });
  }
  return out;
}

function codeNames(xml: string): Map<string, string> {
  return new Map([...xml.matchAll(/<Code guid="([^"]+)" name="([^"]+)"/g)].map((m) => [m[1]!, m[2]!]));
}

describe('qdpx project.qde', () => {
  beforeAll(() => {
    expect(buildProjectQde(input(), { now: NOW })).toBe(buildProjectQde(input(), { now: NOW }));
  });

  for (const lineEnding of ENDINGS) {
    it.skipIf(!canValidate)(`validates against the REFI-QDA XSD (${lineEnding}, with and without participant data)`, () => {
      for (const includeParticipant of [false, true]) {
        const xml = buildProjectQde(input(), { now: NOW, lineEnding, includeParticipant });
        const result = validate(xml);
        expect(result.output).toContain('validates');
        expect(result.ok).toBe(true);
      }
    });
  }

  it.skipIf(!canValidate)('the validator does reject a broken project (the check can fail)', () => {
    const xml = buildProjectQde(input(), { now: NOW }).replace(/isCodable="true"/, 'isCodable="maybe"');
    expect(validate(xml).ok).toBe(false);
  });

  it.skipIf(!canValidate)('validates with nothing to code, and with hostile names and field keys', () => {
    const empty = buildProjectQde({ project: { id: 'prj_e', title: '' }, user: { id: 'u', name: '' }, interviews: [] }, { now: NOW });
    expect(empty).not.toContain('<CodeBook');
    expect(validate(empty).ok).toBe(true);
    const hostile = input();
    const name = `../../CON 🙂\u202Eevil\u0000 ${'x'.repeat(300)}`;
    hostile.interviews[0] = interview('iv_a', ADVERSARIAL, {
      participant: { name, email: '<a@b>', fields: { '<tag attr="1">': 'v&v', ok: 1.5e300, n: null } },
      screener: { approved: null, items: [{ id: 'q]]>', text: 'Q "quoted" <b>', answer: '\u0007bell' }] },
    });
    hostile.themes = [{ title: '', quotes: ['', '   '] }];
    hostile.highlights = [highlight({ codes: [{ id: 'c_x', name: '<script>', color: 'red' }], start_offset: 5, end_offset: 2 })];
    const xml = buildProjectQde(hostile, { now: NOW, includeParticipant: true, lineEnding: 'crlf' });
    const result = validate(xml);
    expect(result.output).toContain('validates');
    expect(xml).toContain('name="Theme 1"');
  });

  it('starts with the XML declaration, no byte order mark, in the REFI namespace', () => {
    const xml = buildProjectQde(input(), { now: NOW });
    expect(xml.charCodeAt(0)).toBe('<'.charCodeAt(0));
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
    expect(xml).toContain('<Project xmlns="urn:QDA-XML:project:1.0"');
    expect(xml).toContain('<Description>People leave when recipes repeat &amp; prices rise.</Description>');
    expect(xml).toContain('name="Meal-kit churn &lt;&amp;&gt; &quot;study&quot;"');
    expect(xml).not.toContain('\u0001');
  });

  for (const lineEnding of ENDINGS) {
    it(`puts a SyncPoint at every turn start, at the right character offset (${lineEnding})`, () => {
      const plan = planProjectQde(input(), { now: NOW, lineEnding });
      const parsed = parseTranscripts(plan.xml);
      expect(plan.transcripts.map((x) => x.interviewId)).toEqual(['iv_a', 'iv_b']); // iv_c is not COMPLETE
      for (const tr of plan.transcripts) {
        const file = plan.texts.find((f) => f.path === `sources/${tr.sourceGuid}.txt`)!;
        const text = file.content;
        const eol = lineEnding === 'crlf' ? '\r\n' : '\n';
        if (lineEnding === 'lf') expect(text).not.toContain('\r');
        else expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
        const fromXml = parsed.get(tr.sourceGuid)!;
        expect(fromXml.path).toBe(`${tr.sourceGuid}.txt`);
        const iv = input().interviews.find((i) => i.id === tr.interviewId)!;
        const turnPoints = [...fromXml.sync.values()];
        for (const turn of iv.transcript) {
          const expectedText = turn.text.replace(/\r\n|\r|\n|\u2028|\u2029/g, eol);
          // The sync point for this turn: the one whose time is the turn start and whose text starts the paragraph.
          const matching = turnPoints.filter((p) => {
            const rest = sliceCodePoints(text, p.position, p.position + 200 + codePointLength(expectedText));
            return (
              p.timeStamp === turn.start_ms &&
              /^[^:\r\n]+: /.test(rest) &&
              rest.replace(/^[^:\r\n]+: /, '').startsWith(expectedText) &&
              (p.position === 0 || sliceCodePoints(text, p.position - 2 * eol.length, p.position) === eol + eol)
            );
          });
          expect(matching.length, `turn ${turn.index} of ${iv.id}`).toBe(1);
        }
      }
    });
  }

  it('counts positions in code points: CRLF adds one character per line break, emoji count as one', () => {
    const lf = planProjectQde(input(), { now: NOW, lineEnding: 'lf' }).transcripts[0]!;
    const crlf = planProjectQde(input(), { now: NOW, lineEnding: 'crlf' }).transcripts[0]!;
    const lfText = lf.text.text;
    const turnStarts = (x: typeof lf) => x.syncPoints.filter((p) => p.turnStart !== null).map((p) => p.position);
    const a = turnStarts(lf);
    const b = turnStarts(crlf);
    a.forEach((pos, i) => {
      const breaksBefore = (sliceCodePoints(lfText, 0, pos).match(/\n/g) ?? []).length;
      expect(b[i]).toBe(pos + breaksBefore);
    });
    // Turn 2 starts after turn 1, which holds two astral emoji: the code point offset is smaller than UTF-16's.
    const utf16 = lfText.indexOf('Interviewer: שלום');
    expect(a[2]).toBe(codePointLength(lfText.slice(0, utf16)));
    expect(a[2]).toBe(utf16 - 2);
  });

  for (const lineEnding of ENDINGS) {
    it(`codes report quotes and highlights on exactly the quoted text (${lineEnding})`, () => {
      const plan = planProjectQde(input(), { now: NOW, lineEnding });
      const parsed = parseTranscripts(plan.xml);
      const names = codeNames(plan.xml);
      const eol = lineEnding === 'crlf' ? '\r\n' : '\n';
      const covered = new Map<string, string[]>();
      for (const tr of plan.transcripts) {
        const fromXml = parsed.get(tr.sourceGuid)!;
        for (const s of fromXml.selections) {
          const from = fromXml.sync.get(s.from)!.position;
          const to = fromXml.sync.get(s.to)!.position;
          const quoted = sliceCodePoints(tr.text.text, from, to);
          for (const c of s.codes) covered.set(names.get(c)!, [...(covered.get(names.get(c)!) ?? []), quoted]);
        }
      }
      expect(covered.get('Repetitive recipes')?.sort()).toEqual(['A friend recommended', 'the recipes got repetitive']);
      expect(covered.get('Price')?.sort()).toEqual(['Also --> the price & "value".', 'with 🍝 pasta'].sort());
      expect(covered.get('food')).toEqual(['😀😀 the recipes got repetitive']);
      expect(covered.get('pricing')).toEqual(['😀😀 the recipes got repetitive']);
      // Untagged highlight across two turns, through the line breaks inside turn 3.
      expect(covered.get('Highlights')).toEqual([`price.${eol}${eol}P01: Line one${eol}line two${eol}line three${eol}with 🍝`]);
      expect(plan.notes).toContain(
        '1 report quote was not found in the transcript of a complete interview in this export, so the .qdpx project does not code it.',
      );
      expect(plan.notes).toContain('1 highlight is on interviews or text not in the .qdpx project, so it is left out of it.');
      expect(plan.notes.join(' ')).not.toMatch(/\(s\)/);
    });
  }

  it('keeps two codes whose names differ only in case apart: each coding refers to its own code, by id', () => {
    const twoCases = input();
    const book = [
      { id: 'c_upper', name: 'Trust', color: '#3b6fd4' },
      { id: 'c_lower', name: 'trust', color: '#2e9e6a' },
    ];
    twoCases.codes = book.map((c) => ({
      ...c,
      project_id: 'prj_1',
      description: '',
      parent_id: null,
      is_category: false,
      codings: 1,
      interviews: 1,
      created_at: '',
      updated_at: '',
    }));
    twoCases.highlights = [
      highlight({ id: 'h_upper', interview_id: 'iv_b', start_offset: 0, end_offset: 8, codes: [book[0]!] }),
      highlight({ id: 'h_lower', interview_id: 'iv_b', start_offset: 9, end_offset: 20, codes: [book[1]!] }),
    ];
    const plan = planProjectQde(twoCases, { now: NOW });
    const names = codeNames(plan.xml);
    const trustGuids = [...names].filter(([, n]) => n.toLowerCase() === 'trust').map(([g]) => g);
    expect(trustGuids).toHaveLength(2);
    const tr = plan.transcripts.find((t) => t.interviewId === 'iv_b')!;
    const parsed = parseTranscripts(plan.xml).get(tr.sourceGuid)!;
    const codedWith = new Map<string, string[]>();
    for (const sel of parsed.selections) {
      const quoted = sliceCodePoints(tr.text.text, parsed.sync.get(sel.from)!.position, parsed.sync.get(sel.to)!.position);
      for (const c of sel.codes) codedWith.set(names.get(c)!, [...(codedWith.get(names.get(c)!) ?? []), quoted]);
    }
    expect(codedWith.get('Trust')).toEqual(['A friend']);
    expect(codedWith.get('trust')).toEqual(['recommended']);
  });

  it('exports a coding under its code as the codebook names it now, not under the name the coding was read with', () => {
    const renamed = input();
    renamed.codes = [
      {
        id: 'c1',
        name: 'Cost',
        color: '#aa0000',
        project_id: 'prj_1',
        description: '',
        parent_id: null,
        is_category: false,
        codings: 1,
        interviews: 1,
        created_at: '',
        updated_at: '',
      },
    ];
    renamed.highlights = [highlight({ id: 'h_cost', interview_id: 'iv_b', start_offset: 0, end_offset: 8 })];
    const plan = planProjectQde(renamed, { now: NOW });
    const names = [...codeNames(plan.xml).values()];
    expect(names).toContain('Cost');
    expect(names).not.toContain('pricing');
  });

  it('keeps participant data out unless asked, and puts it in cases and variables when asked', () => {
    const without = buildProjectQde(input(), { now: NOW });
    expect(without).not.toContain('Name of iv_a');
    expect(without).not.toContain('iv_a@example.org');
    expect(without).not.toContain('Veggie');
    expect(without).toContain('<Case guid="');
    expect(without).toMatch(/<Case [^>]*name="P01"/);
    const withData = buildProjectQde(input(), { now: NOW, includeParticipant: true });
    expect(withData).toMatch(/<Case [^>]*name="Name of iv_a \(P01\)"/);
    expect(withData).toMatch(/<Variable [^>]*name="Screener: Which box do you order\?" typeOfVariable="Text"/);
    expect(withData).toMatch(/<Variable [^>]*name="age" typeOfVariable="Integer"/);
    expect(withData).toMatch(/<Variable [^>]*name="churned" typeOfVariable="Boolean"/);
    expect(withData).toContain('<TextValue>Veggie</TextValue>');
  });

  it('references a cached video as internal:// and an uncached one by its URL, with a note', () => {
    const plan = planProjectQde(input(), { now: NOW });
    const sourceA = plan.xml.match(/<VideoSource [^>]*path="internal:\/\/([0-9a-f-]+\.mp4)"/);
    expect(sourceA).not.toBeNull();
    expect(plan.videos).toEqual([{ path: `sources/${sourceA![1]}`, sourcePath: '/cache/videos/iv_a.MP4' }]);
    expect(plan.xml).toContain('path="https://video.example.org/iv_b.mp4?sig=abc&amp;x=1"');
    expect(plan.notes).toContain(
      "1 video is not saved on this computer, so the .qdpx project does not contain it: P02. The project links to the service's copies, and those links expire. Save videos for offline, then export again to include them.",
    );
  });

  it('says which interviews the project holds and names each one left out, with its status, as the caller labels them', () => {
    const plan = planProjectQde({ ...input(), label: (iv) => `File ${iv.id}` }, { now: NOW });
    expect(plan.notes[0]).toBe('The .qdpx project holds the 2 complete interviews; this one is not complete and left out of it: File iv_c (incomplete).');
    const all = planProjectQde({ ...input(), interviews: input().interviews.filter((iv) => iv.status === 'COMPLETE') }, { now: NOW });
    expect(all.notes[0]).toBe('The .qdpx project holds all 2 interviews.');
  });
});

describe('qdpx zip', () => {
  it('holds project.qde at the root and the transcripts and videos under lowercase sources/', async () => {
    const video = new Uint8Array([0, 0, 0, 24, 102, 116, 121, 112, 1, 2, 3]);
    const read: string[] = [];
    const { zip, notes } = await buildQdpx(input(), { now: NOW, lineEnding: 'crlf' }, async (p) => {
      read.push(p);
      return video;
    });
    const entries = unzipSync(zip);
    const names = Object.keys(entries).sort();
    expect(names).toContain('project.qde');
    expect(names.filter((x) => x !== 'project.qde').every((x) => x.startsWith('sources/'))).toBe(true);
    expect(read).toEqual(['/cache/videos/iv_a.MP4']);
    const qde = entries['project.qde']!;
    expect(qde[0]).toBe(0x3c); // '<', no BOM
    const xml = strFromU8(qde);
    const plan = planProjectQde(input(), { now: NOW, lineEnding: 'crlf' });
    expect(xml).toBe(plan.xml);
    for (const tr of plan.transcripts) {
      const bytes = entries[`sources/${tr.sourceGuid}.txt`]!;
      expect(bytes[0]).not.toBe(0xef); // no BOM
      expect(strFromU8(bytes)).toBe(tr.text.text);
      expect(strFromU8(bytes)).toContain('\r\n');
    }
    expect(entries[plan.videos[0]!.path]).toEqual(video);
    expect(names).toHaveLength(1 + plan.transcripts.length + 1);
    expect(notes).toEqual(plan.notes);
    if (canValidate) expect(validate(xml).ok).toBe(true);
  });
});
