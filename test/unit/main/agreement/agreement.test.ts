// The agreement service: which coders a study has and how names resolve to them, and the per-code comparison
// of two coders over the turns of the interviews both coded, with each disagreement placed for the viewer.
import { beforeEach, describe, expect, it } from 'vitest';
import { agreementService, resolveCoder } from '../../../../src/main/analysis/agreement/agreement';
import type { Cache } from '../../../../src/main/cache/cache';
import { AI_REPORT_CODER } from '../../../../src/shared/analysis/codebook';
import { codeTurn, codingCache, NOW, P, saveInterview } from '../../../support/coding-cache';

let cache: Cache;
let researcher = 'Dana';
const service = () => agreementService({ cache, researcherName: () => researcher });

const code = (interviewId: string, turn: number, tags: string[], coder: string | null, from = 0, to = 5) =>
  codeTurn(cache, { interview: interviewId, turn, from, to, startMs: null, quote: 'words', codes: tags, coder });

beforeEach(async () => {
  researcher = 'Dana';
  cache = await codingCache();
  const turns: ['AI' | 'User', string][] = [
    ['AI', 'Why did you cancel?'],
    ['User', 'It cost too much for us.'],
    ['AI', 'What about delivery?'],
    ['User', 'Deliveries came late, twice.'],
  ];
  await saveInterview(cache, 'i1', 'Ana', turns);
  await saveInterview(cache, 'i2', 'Ben', turns);
  await saveInterview(cache, 'i3', 'Cy', turns);
  return () => cache.close();
});

describe('coders', () => {
  it('lists the researcher (by their name) and the AI report always, then imported coders with segments', async () => {
    await code('i1', 1, ['Price'], 'Maxine');
    await code('i1', 1, ['Price'], null);
    expect(await service().coders(P)).toEqual([
      { coder: null, label: 'Dana', segments: 1 },
      { coder: AI_REPORT_CODER, label: 'AI report', segments: 0 },
      { coder: 'Maxine', label: 'Maxine', segments: 1 },
    ]);
    researcher = '  ';
    expect((await service().coders(P))[0]!.label).toBe('You');
  });

  it('resolves names case-insensitively; the researcher by name, "you" or "me"; an unknown name lists the known ones', async () => {
    await code('i1', 1, ['Price'], 'Maxine');
    const coders = await service().coders(P);
    expect(resolveCoder('dana', coders, 'Dana')).toBeNull();
    expect(resolveCoder('You', coders, 'Dana')).toBeNull();
    expect(resolveCoder('me', coders, '')).toBeNull();
    expect(resolveCoder('ai REPORT', coders, 'Dana')).toBe(AI_REPORT_CODER);
    expect(resolveCoder(' maxine ', coders, 'Dana')).toBe('Maxine');
    expect(() => resolveCoder('Zed', coders, 'Dana')).toThrow(/No coder "Zed".*"Dana", "AI report", "Maxine"/);
    expect(await service().resolve(P, ['me', 'ai report'])).toEqual([null, AI_REPORT_CODER]);
  });
});

describe('compare', () => {
  it('compares over the turns of interviews both coded, per code, with the disagreements placed', async () => {
    // i1 and i2 coded by both; i3 only by the AI report, so it is left out.
    await code('i1', 1, ['Price'], null);
    await code('i1', 1, ['Price'], AI_REPORT_CODER);
    await code('i2', 3, ['Delivery'], null);
    await code('i2', 1, ['Price'], AI_REPORT_CODER);
    await code('i3', 3, ['Delivery'], AI_REPORT_CODER);
    // Codes in order of completion (all at the same time here, so by id): the view names interviews "Ben (P02)".
    await cache.call('participants.assign', { projectId: P });
    const r = await service().compare(P, null, AI_REPORT_CODER);
    expect(r.coder_a).toMatchObject({ coder: null, label: 'Dana' });
    expect(r.coder_b).toMatchObject({ coder: AI_REPORT_CODER });
    expect(r.interviews).toBe(2);
    expect(r.excluded).toEqual([{ interview_id: 'i3', participant_name: 'Cy', code: 'P03', coded_by: 'B' }]);
    const byCode = Object.fromEntries(r.codes.map((c) => [c.code, c]));
    // Price over 8 turns: both on i1 t1; only B on i2 t1; the other 6 neither.
    expect(byCode.Price).toMatchObject({ units: 8, disagreement_count: 1, color: expect.stringMatching(/^#/) });
    expect(byCode.Price!.percent.value).toBeCloseTo(87.5, 10);
    // κ = (N·agreed − Σ row·col) / (N² − Σ row·col) = (8·7 − (1·2 + 7·6)) / (64 − 44) = 12 / 20.
    expect(byCode.Price!.kappa.value).toBeCloseTo(0.6, 10);
    expect(byCode.Price!.disagreements).toEqual([
      {
        interview_id: 'i2',
        participant_name: 'Ben',
        code: 'P02',
        turn_index: 1,
        start_ms: 10_000,
        question: null,
        role: 'User',
        text: 'It cost too much for us.',
        applied_by: 'B',
      },
    ]);
    // Delivery: only A applied it (i2 t3): κ 0 since B never did; still defined.
    expect(byCode.Delivery!.disagreements.map((d) => [d.interview_id, d.turn_index, d.applied_by])).toEqual([['i2', 3, 'A']]);
  });

  it('names the guide question of a disagreement when the guide is known', async () => {
    await cache.call('projects.saveGuide', {
      guide: {
        project_id: P,
        research_objective: 'Why',
        questions: [
          { question: 'Why did you cancel?', probing_level: 'high' },
          { question: 'What about delivery?', probing_level: 'low' },
        ],
        source: 'created',
      },
      now: NOW,
    });
    await code('i1', 1, ['Price'], null);
    await code('i1', 3, ['Price'], AI_REPORT_CODER);
    const r = await service().compare(P, null, AI_REPORT_CODER);
    expect(r.codes[0]!.disagreements.map((d) => d.question)).toEqual(['Why did you cancel?', 'What about delivery?']);
  });

  it('gives null statistics with a reason when there is nothing to compare, and refuses one coder twice', async () => {
    await code('i1', 1, ['Price'], null);
    const r = await service().compare(P, null, AI_REPORT_CODER);
    expect(r.interviews).toBe(0);
    expect(r.codes[0]).toMatchObject({ code: 'Price', units: 0, kappa: { value: null, reason: expect.stringContaining('No interview was coded by both') } });
    await expect(service().compare(P, 'Maxine', 'Maxine')).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('keeps codes apart by their codebook id, each with its own colour, even when their names differ only in case', async () => {
    // SQLite's NOCASE folds ASCII only, so the codebook holds both; a comparison keyed by lower-cased names merged their colours.
    await code('i1', 1, ['Ärger'], null);
    await code('i1', 1, ['Ärger'], AI_REPORT_CODER);
    await code('i2', 3, ['ärger'], null);
    await code('i2', 1, ['Price'], AI_REPORT_CODER);
    const codebook = await cache.call('codes.list', { projectId: P });
    const r = await service().compare(P, null, AI_REPORT_CODER);
    expect(r.codes.map((c) => c.code)).toEqual(['ärger', 'Ärger', 'Price']);
    for (const c of r.codes) {
      const entry = codebook.find((x) => x.id === c.code_id)!;
      expect({ name: entry.name, color: entry.color }).toEqual({ name: c.code, color: c.color });
    }
    expect(new Set(r.codes.map((c) => c.code_id)).size).toBe(3);
    const byName = Object.fromEntries(r.codes.map((c) => [c.code, c]));
    expect(byName['Ärger']).toMatchObject({ disagreement_count: 0 });
    expect(byName['ärger']!.disagreements).toMatchObject([{ interview_id: 'i2', turn_index: 3, applied_by: 'A' }]);
  });
});
