// The study's scan is kept until what it read changes (issue 14 §4): the review and every redacted export
// share one scan, a decision never rescans, a sync that changes a transcript, a participant or the report
// does, and two studies or two workspaces (organisations) never see each other's scan.
import { afterEach, describe, expect, it } from 'vitest';
import { openInProcessCache, type Cache } from '../../../../src/main/cache/cache';
import { buildRedactor } from '../../../../src/main/redaction/build-redactor';
import { scanStudy } from '../../../../src/main/redaction/scan';
import { ScanMemo, workerScanner } from '../../../../src/main/redaction/scan-memo';
import { createMemoryStore } from '../../../../src/main/secrets/memory-store';
import { interviewRecord } from '../../../../src/shared/schemas/interview';
import { projectListItem } from '../../../../src/shared/schemas/project';
import { report } from '../../../../src/shared/schemas/report';

const NOW = '2026-11-26T10:00:00.000Z';
const secrets = createMemoryStore(null);
const open: Cache[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

const turns = (...texts: string[]) => texts.map((text, i) => ({ role: i % 2 ? 'User' : 'AI', text, start_ms: i * 10_000, end_ms: i * 10_000 + 9_000 }));
const record = (id: string, name: string, said: string) =>
  interviewRecord.parse({
    id,
    status: 'COMPLETE',
    completed_at: '2026-11-02T10:00:00Z',
    participant: { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com` },
    transcript: turns('Hello, how was the box?', said),
  });

async function study(cache: Cache, projectId: string, name: string, said: string) {
  await cache.call('projects.saveList', { items: [projectListItem.parse({ id: projectId, title: projectId, status: 'STARTED' })], syncedAt: NOW });
  await cache.call('interviews.saveFullRecords', { projectId, now: NOW, items: [record(`${projectId}-iv`, name, said)] });
}

async function newCache(): Promise<Cache> {
  const c = await openInProcessCache(':memory:');
  open.push(c);
  return c;
}

/** A memo whose scanner counts the scans, per study. */
function countingMemo(size = 3) {
  const scans: string[] = [];
  const memo = new ScanMemo((cache, projectId) => (scans.push(projectId), workerScanner(cache, projectId)), undefined, size);
  return { memo, scans };
}

describe('the kept scan', () => {
  it('a second redacted export and the review reuse the first scan; a decision applies without a rescan', async () => {
    const cache = await newCache();
    await study(cache, 'p1', 'Amara Okafor', 'My sister Joan Baptiste loved it.');
    const { memo, scans } = countingMemo();
    const first = await buildRedactor(cache, secrets, 'p1', { memo });
    expect(first.text('Joan Baptiste met Amara Okafor.')).toBe('[Person A] met P01.');
    const second = await buildRedactor(cache, secrets, 'p1', { memo });
    expect(second.text('Joan Baptiste met Amara.')).toBe('[Person A] met P01.');
    const review = await scanStudy(cache, secrets, 'p1', NOW, memo);
    expect(review.findings.some((f) => f.text === 'Joan Baptiste')).toBe(true);
    expect(scans).toEqual(['p1']);

    await cache.call('redaction.decide', { projectId: 'p1', kind: 'person', text: 'Joan Baptiste', decision: 'reject', now: NOW });
    expect((await buildRedactor(cache, secrets, 'p1', { memo })).text('Joan Baptiste met Amara.')).toBe('Joan Baptiste met P01.');
    expect((await scanStudy(cache, secrets, 'p1', NOW, memo)).findings.find((f) => f.text === 'Joan Baptiste')?.decision).toBe('reject');
    expect(scans).toEqual(['p1']);
  });

  it('scans again when a transcript, a participant, the report or an own term changes', async () => {
    const cache = await newCache();
    await study(cache, 'p1', 'Amara Okafor', 'My sister Joan Baptiste loved it.');
    const { memo, scans } = countingMemo();
    await buildRedactor(cache, secrets, 'p1', { memo });

    // A later sync; the same number of turns of the same length: only a turn's words changed.
    await cache.call('interviews.saveFullRecords', {
      projectId: 'p1',
      now: '2026-11-26T11:00:00.000Z',
      items: [record('p1-iv', 'Amara Okafor', 'My sister Rhea Baptiste loved it.')],
    });
    const afterTranscript = await scanStudy(cache, secrets, 'p1', NOW, memo);
    expect(scans).toHaveLength(2);
    expect(afterTranscript.findings.map((f) => f.text)).toContain('Rhea Baptiste');
    expect(afterTranscript.findings.map((f) => f.text)).not.toContain('Joan Baptiste');

    await cache.call('interviews.saveFullRecords', {
      projectId: 'p1',
      now: '2026-11-26T12:00:00.000Z',
      items: [record('p1-iv', 'Amara Okafor-Li', 'My sister Rhea Baptiste loved it.')],
    });
    expect((await buildRedactor(cache, secrets, 'p1', { memo })).text('Okafor-Li said so.')).toBe('P01 said so.');
    expect(scans).toHaveLength(3);

    await cache.call('reports.save', {
      projectId: 'p1',
      now: '2026-11-26T13:00:00.000Z',
      report: report.parse({
        report_id: 'r',
        project_id: 'p1',
        status: 'COMPLETED',
        themes: [{ title: 'T', frequency: 1, summary: 's', quotes: ['Ask Peter Jones.'] }],
      }),
    });
    expect((await scanStudy(cache, secrets, 'p1', NOW, memo)).findings.some((f) => f.source === 'quote' && f.text === 'Peter Jones')).toBe(true);
    expect(scans).toHaveLength(4);

    await cache.call('redaction.addTerm', { projectId: 'p1', text: 'loved it', kind: 'custom', now: NOW });
    expect((await scanStudy(cache, secrets, 'p1', NOW, memo)).findings.some((f) => f.kind === 'custom' && f.text === 'loved it')).toBe(true);
    expect(scans).toHaveLength(5);
    await scanStudy(cache, secrets, 'p1', NOW, memo);
    expect(scans).toHaveLength(5);
  });

  it('never shares a scan between studies, nor between workspaces holding the same study id', async () => {
    const orgA = await newCache();
    const orgB = await newCache();
    await study(orgA, 'p1', 'Amara Okafor', 'My sister Joan Baptiste loved it.');
    await study(orgA, 'p2', 'Tom Reyes', 'I cooked with Peter Jones.');
    await study(orgB, 'p1', 'Lin Wu', 'My friend Rhea Baptiste cooked.');
    const { memo, scans } = countingMemo();
    const texts = async (cache: Cache, p: string) => (await scanStudy(cache, secrets, p, NOW, memo)).findings.map((f) => f.text);
    expect(await texts(orgA, 'p1')).toContain('Joan Baptiste');
    expect(await texts(orgA, 'p2')).toEqual(expect.arrayContaining(['Tom Reyes', 'Peter Jones']));
    expect(await texts(orgA, 'p2')).not.toContain('Joan Baptiste');
    const b = await texts(orgB, 'p1');
    expect(b).toEqual(expect.arrayContaining(['Lin Wu', 'Rhea Baptiste']));
    expect(b).not.toContain('Amara Okafor');
    expect(scans).toEqual(['p1', 'p2', 'p1']);
  });

  it('keeps only the few studies asked about last', async () => {
    const cache = await newCache();
    for (const p of ['p1', 'p2', 'p3']) await study(cache, p, 'Amara Okafor', 'Fine.');
    const { memo, scans } = countingMemo(2);
    for (const p of ['p1', 'p2', 'p1', 'p3', 'p1', 'p2']) await memo.source(cache, p);
    // p1 stays (asked last before p3 came in); p2 was dropped for p3, then p3 for p2.
    expect(scans).toEqual(['p1', 'p2', 'p3', 'p2']);
  });
});
