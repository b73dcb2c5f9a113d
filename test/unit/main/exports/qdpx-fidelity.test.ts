// What importing Fieldwork's .qdpx into QualCoder showed was missing (issue 13 §5), checked on the output
// read back with the import's own parser and validated with xmllint: unique case names, a media extension on
// each VideoSource's name, a VideoSelection beside every TranscriptSelection, a <User> per coder, and the
// codebook's colours, descriptions and categories. Then the round trip: a Fieldwork export with coder A's
// segments, imported as coder B, lands on the same words.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openInProcessCache } from '../../../../src/main/cache/cache';
import { buildQdpx, planProjectQde, type QdpxInput } from '../../../../src/main/exports/qdpx';
import { readQdaFile } from '../../../../src/main/analysis/qdpx-import';
import { planImport } from '../../../../src/main/analysis/qdpx-import/plan';
import { kid, kids, parseXml, type XmlElement } from '../../../../src/main/analysis/qdpx-import/xml';
import { bufferSource } from '../../../../src/main/analysis/qdpx-import/zip';
import type { CodeView } from '../../../../src/shared/ipc/channels/codes';
import type { HighlightView } from '../../../../src/shared/ipc/channels/highlights';
import type { TranscriptTurn } from '../../../../src/shared/schemas/transcript';
import type { InterviewDetail } from '../../../../src/shared/views';

const XSD = resolve(__dirname, '../../../../../shared/refi-qda/Project.xsd');
let hasXmllint = false;
try {
  execFileSync('xmllint', ['--version'], { stdio: 'pipe' });
  hasXmllint = true;
} catch {
  hasXmllint = false;
}
const hasXsd = existsSync(XSD);
const canValidate = hasXmllint && hasXsd;
// A check that cannot run is skipped and says why; it never passes without looking.
if (!canValidate) {
  console.warn(`qdpx-fidelity: skipping XSD validation: ${hasXsd ? '' : `no schema at ${XSD}. `}${hasXmllint ? '' : 'xmllint is not installed.'}`);
}
const dir = mkdtempSync(join(tmpdir(), 'qdpx-fidelity-'));
function validate(xml: string) {
  const file = join(dir, `p${Math.random().toString(36).slice(2)}.qde`);
  writeFileSync(file, xml);
  const r = spawnSync('xmllint', ['--noout', '--schema', XSD, file], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
}

const t = (index: number, role: TranscriptTurn['role'], text: string, start_ms: number, end_ms: number): TranscriptTurn => ({
  index,
  role,
  text,
  start_ms,
  end_ms,
});
const TURNS = [t(0, 'AI', 'Why did you cancel?', 0, 2000), t(1, 'User', 'The price went up and the 🍝 portions shrank.', 2500, 8500)];

function interview(id: string, name: string, code: string): InterviewDetail {
  return {
    id,
    project_id: 'prj_1',
    code,
    status: 'COMPLETE',
    completed_at: '2026-11-20T10:15:00Z',
    duration_minutes: 10,
    participant_name: name,
    participant_email: null,
    screener_approved: true,
    detail_state: 'complete',
    turn_count: TURNS.length,
    has_video: true,
    participant: { name, email: null, fields: {} },
    screener: null,
    transcript: TURNS,
    thumbnail_url: null,
    offline: true,
  };
}

const code = (over: Partial<CodeView>): CodeView => ({
  id: 'c',
  project_id: 'prj_1',
  name: 'x',
  color: '#3b6fd4',
  description: '',
  parent_id: null,
  is_category: false,
  codings: 0,
  interviews: 0,
  created_at: '',
  updated_at: '',
  ...over,
});
const CODES = [
  code({ id: 'cat', name: 'Money', color: '#123456', description: 'All about cost', is_category: true }),
  code({ id: 'price', name: 'Price', color: '#aa0000', description: 'Talk of price', parent_id: 'cat' }),
  code({ id: 'food', name: 'Food', color: '#00aa00' }),
];

function hl(id: string, interviewId: string, words: string, tags: string[], coder: string | null): HighlightView {
  const text = TURNS[1]!.text;
  const at = text.indexOf(words);
  return {
    id,
    project_id: 'prj_1',
    interview_id: interviewId,
    start_turn: 1,
    start_offset: at,
    end_turn: 1,
    end_offset: at + words.length,
    start_ms: 2500,
    quote: words,
    note: '',
    codes: tags.map((name) => {
      const inBook = CODES.find((c) => c.name === name);
      return { id: inBook?.id ?? `new-${name}`, name, color: inBook?.color ?? '#d4883b' };
    }),
    coder,
    created_at: '',
    updated_at: '',
    participant_name: null,
    code: '',
  };
}

function input(): QdpxInput {
  return {
    project: { id: 'prj_1', title: 'Churn' },
    user: { id: 'usr_1', name: 'Ada' },
    interviews: [interview('iv_a', 'Sam Lee', 'P01'), interview('iv_b', 'Sam Lee', 'P02'), interview('iv_c', 'Kim', 'P03')],
    themes: [{ title: 'Portions', quotes: ['portions shrank'] }],
    highlights: [hl('h1', 'iv_a', 'price went up', ['Price'], null), hl('h2', 'iv_b', '🍝 portions', ['Food', 'Extra'], 'Bob (NVivo)')],
    codes: CODES,
    videoFiles: { iv_a: '/videos/iv_a.webm' },
    videoUrls: { iv_b: 'https://cdn.example.org/v/iv_b.mov?sig=1' },
  };
}

const root = (xml: string) => parseXml(xml);
const all = (el: XmlElement, name: string): XmlElement[] => [...(el.name === name ? [el] : []), ...el.children.flatMap((c) => all(c, name))];

describe('export fidelity', () => {
  const plan = planProjectQde(input(), { includeParticipant: true, now: new Date('2026-11-26T00:00:00Z') });
  const doc = root(plan.xml);

  it.skipIf(!canValidate)('validates against the REFI-QDA XSD', () => validate(plan.xml));

  it('gives two participants with one name two cases, told apart by their participant codes', () => {
    const cases = kids(kid(doc, 'Cases')!, 'Case').map((c) => c.attrs.name);
    expect(cases).toEqual(['Sam Lee (P01)', 'Sam Lee (P02)', 'Kim (P03)']);
  });

  it('names each VideoSource with its media file’s extension', () => {
    expect(kids(kid(doc, 'Sources')!, 'VideoSource').map((s) => s.attrs.name)).toEqual(['Sam Lee (P01).webm', 'Sam Lee (P02).mov', 'Kim (P03).mp4']);
  });

  it('puts a VideoSelection with the same code beside every TranscriptSelection, from the sync points’ times', () => {
    for (const source of kids(kid(doc, 'Sources')!, 'VideoSource')) {
      const transcript = kid(source, 'Transcript')!;
      const times = new Map(kids(transcript, 'SyncPoint').map((p) => [p.attrs.guid, Number(p.attrs.timeStamp)]));
      const fromText = kids(transcript, 'TranscriptSelection').map((s) => [
        times.get(s.attrs.fromSyncPoint),
        times.get(s.attrs.toSyncPoint),
        kid(kid(s, 'Coding')!, 'CodeRef')!.attrs.targetGUID,
        kid(s, 'Coding')!.attrs.creatingUser,
      ]);
      const fromVideo = kids(source, 'VideoSelection').map((s) => [
        Number(s.attrs.begin),
        Number(s.attrs.end),
        kid(kid(s, 'Coding')!, 'CodeRef')!.attrs.targetGUID,
        kid(s, 'Coding')!.attrs.creatingUser,
      ]);
      expect(fromVideo).toEqual(fromText);
    }
    expect(all(doc, 'VideoSelection').length).toBe(all(doc, 'TranscriptSelection').length);
    expect(all(doc, 'VideoSelection').length).toBeGreaterThanOrEqual(4);
  });

  it('has a <User> per coder, and every coding names its coder', () => {
    const users = new Map(kids(kid(doc, 'Users')!, 'User').map((u) => [u.attrs.guid, u.attrs.name]));
    expect([...users.values()].sort()).toEqual(['AI report', 'Ada', 'Bob (NVivo)']);
    const codeNames = new Map(all(doc, 'Code').map((c) => [c.attrs.guid, c.attrs.name]));
    const byCoder = all(doc, 'TranscriptSelection').map((s) => {
      const c = kid(s, 'Coding')!;
      return `${users.get(c.attrs.creatingUser!)}: ${codeNames.get(kid(c, 'CodeRef')!.attrs.targetGUID!)}`;
    });
    // The theme's quote is coded where it is first found.
    expect(byCoder.sort()).toEqual(['AI report: Portions', 'Ada: Price', 'Bob (NVivo): Extra', 'Bob (NVivo): Food']);
  });

  it('exports the codebook: categories not codable holding their codes, colours and descriptions', () => {
    const top = kids(kid(kid(doc, 'CodeBook')!, 'Codes')!, 'Code');
    const money = top.find((c) => c.attrs.name === 'Money')!;
    expect(money.attrs).toMatchObject({ isCodable: 'false', color: '#123456' });
    expect(kid(money, 'Description')!.text).toBe('All about cost');
    expect(kids(money, 'Code').map((c) => [c.attrs.name, c.attrs.color, c.attrs.isCodable, kid(c, 'Description')?.text])).toEqual([
      ['Price', '#aa0000', 'true', 'Talk of price'],
    ]);
    expect(top.map((c) => c.attrs.name)).toEqual(['Money', 'Food', 'Portions', 'Extra']);
    expect(top.find((c) => c.attrs.name === 'Food')!.attrs.color).toBe('#00aa00');
  });
});

describe('round trip: Fieldwork export with coder A → import as coder B', () => {
  it('lands every segment on the same words, as coder B, with the codebook merged by name', async () => {
    const src = input();
    src.highlights = [hl('h1', 'iv_a', 'price went up', ['Price'], 'A'), hl('h2', 'iv_c', '🍝 portions', ['Food'], 'A')];
    src.themes = [];
    const { zip } = await buildQdpx(src, { now: new Date('2026-11-26T00:00:00Z') }, () => Promise.resolve(new Uint8Array(8)));
    const file = await readQdaFile(bufferSource(zip));
    const interviews = src.interviews.map((iv) => ({ id: iv.id, participant_name: iv.participant_name, transcript: iv.transcript }));
    const plan = planImport(file.project, interviews, 'prj_1', file.readText);
    expect(plan.sources.map((s) => [s.interview_id, s.matched_by])).toEqual([
      ['iv_a', 'guid'],
      ['iv_b', 'guid'],
      ['iv_c', 'guid'],
    ]);
    // The VideoSelections repeat the text codings: counted once.
    expect(plan.duplicates).toBe(2);
    const cache = await openInProcessCache(':memory:');
    try {
      await cache.call('codes.create', { projectId: 'prj_1', name: 'food', now: 'now' });
      const applied = await cache.call('imports.applyQdpx', { projectId: 'prj_1', coder: 'B', codes: plan.codes, segments: plan.segments, now: 'now' });
      expect(applied).toMatchObject({ created: ['Price'], merged: ['food'], categories: ['Money'], added: 2 });
      const b = await cache.call('highlights.list', { projectId: 'prj_1', coder: 'B' });
      expect(b.map((h) => [h.interview_id, h.start_turn, h.start_offset, h.end_turn, h.end_offset, h.quote, h.codes.map((c) => c.name)])).toEqual(
        src.highlights.map((h) => [
          h.interview_id,
          h.start_turn,
          h.start_offset,
          h.end_turn,
          h.end_offset,
          h.quote,
          [h.codes[0]!.name.toLowerCase() === 'food' ? 'food' : h.codes[0]!.name],
        ]),
      );
      const list = await cache.call('codes.list', { projectId: 'prj_1' });
      expect(list.find((c) => c.name === 'Price')).toMatchObject({
        color: '#aa0000',
        description: 'Talk of price',
        parent_id: list.find((c) => c.name === 'Money')!.id,
      });
      // Again: nothing new.
      const again = await cache.call('imports.applyQdpx', { projectId: 'prj_1', coder: 'B', codes: plan.codes, segments: plan.segments, now: 'now' });
      expect(again).toMatchObject({ created: [], added: 0, already_there: 2 });
    } finally {
      await cache.close();
    }
  });
});

describe('imported segments in the search index', () => {
  it('carry their codes there, from the first import and from a second that adds a code to the same words', async () => {
    const file = join(dir, 'fts.db');
    const cache = await openInProcessCache(file);
    const Database = (await import('better-sqlite3')).default;
    try {
      const seg = { interview_id: 'iv_a', start_turn: 1, start_offset: 0, end_turn: 1, end_offset: 9, start_ms: 0, quote: 'The price', note: '' };
      await cache.call('imports.applyQdpx', {
        projectId: 'p',
        coder: 'B',
        codes: [
          { name: 'Price', color: null, description: '', isCategory: false, parent: null },
          { name: 'Cost', color: null, description: '', isCategory: false, parent: null },
        ],
        segments: [{ ...seg, codes: ['Price', 'Cost'] }],
        now: 'now',
      });
      // A second import adds a code to the same segment, as any recoding does.
      await cache.call('imports.applyQdpx', {
        projectId: 'p',
        coder: 'B',
        codes: [{ name: 'Value', color: null, description: '', isCategory: false, parent: null }],
        segments: [{ ...seg, codes: ['Value'] }],
        now: 'now',
      });
    } finally {
      await cache.close();
    }
    const db = new Database(file, { readonly: true });
    try {
      expect((db.prepare('SELECT tags FROM highlights_fts').all() as { tags: string }[]).map((r) => r.tags.split(' · ').sort())).toEqual([
        ['Cost', 'Price', 'Value'],
      ]);
    } finally {
      db.close();
    }
  });
});
