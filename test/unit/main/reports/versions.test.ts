// The report versions service: the study's kept versions, newest first, and the diff of two of them.
import { beforeEach, describe, expect, it } from 'vitest';
import { openInProcessCache } from '../../../../src/main/cache/cache';
import { reportVersions } from '../../../../src/main/reports/versions';
import { projectListItem } from '../../../../src/shared/schemas/project';
import { report } from '../../../../src/shared/schemas/report';

const P = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
let cache: Awaited<ReturnType<typeof openInProcessCache>>;

const version = (projectId: string, reportId: string, themes: { title: string; frequency: number; summary?: string; quotes?: string[] }[], summary = 'S') =>
  report.parse({
    report_id: reportId,
    project_id: projectId,
    status: 'COMPLETED',
    generated_at: `2025-05-0${reportId.slice(-1)}T10:00:00Z`,
    interviews_analysed: themes.length * 2,
    summary,
    themes: themes.map((t) => ({ summary: '', quotes: [], ...t })),
  });

beforeEach(async () => {
  cache = await openInProcessCache(':memory:');
  await cache.call('projects.saveList', {
    items: [P, OTHER].map((id) => projectListItem.parse({ id, title: id, status: 'ACTIVE' })),
    syncedAt: 't0',
  });
  return () => cache.close();
});

describe('reportVersions', () => {
  it('lists the kept versions newest first, with their theme count', async () => {
    await cache.call('reports.save', { projectId: P, report: version(P, 'r-1', [{ title: 'Price', frequency: 0.5 }]), now: 't1' });
    await cache.call('reports.save', {
      projectId: P,
      report: version(P, 'r-2', [
        { title: 'Price', frequency: 0.5 },
        { title: 'Trust', frequency: 0.25 },
      ]),
      now: 't2',
    });
    const list = await reportVersions(cache).listVersions(P);
    expect(list.map(({ id: _, ...v }) => v)).toEqual([
      { report_id: 'r-2', generated_at: '2025-05-02T10:00:00Z', seen_at: 't2', interviews_analysed: 4, themes: 2 },
      { report_id: 'r-1', generated_at: '2025-05-01T10:00:00Z', seen_at: 't1', interviews_analysed: 2, themes: 1 },
    ]);
    expect(await reportVersions(cache).listVersions(OTHER)).toEqual([]);
  });

  it('diffs two versions of the study, from → to', async () => {
    await cache.call('reports.save', {
      projectId: P,
      report: version(P, 'r-1', [
        { title: 'Price', frequency: 0.5, quotes: ['Too dear.'] },
        { title: 'Trust', frequency: 0.25 },
      ]),
      now: 't1',
    });
    await cache.call('reports.save', {
      projectId: P,
      report: version(
        P,
        'r-2',
        [
          { title: 'Price', frequency: 0.75, quotes: ['Too dear.', 'Fees hurt.'] },
          { title: 'Speed', frequency: 0.25 },
        ],
        'S2',
      ),
      now: 't2',
    });
    const [to, from] = await reportVersions(cache).listVersions(P);
    const d = await reportVersions(cache).diffVersions(from!.id, to!.id, { projectId: P });
    expect(d).toEqual({
      project_id: P,
      from,
      to,
      summary_changed: true,
      added: [{ title: 'Speed', frequency_pct: 25 }],
      removed: [{ title: 'Trust', frequency_pct: 25 }],
      reworded: [],
      frequency_changes: [{ title: 'Price', from_pct: 50, to_pct: 75, change_points: 25 }],
      quotes: [{ title: 'Price', gained: ['Fees hurt.'], lost: [] }],
    });
  });

  it('refuses an unknown version, one of another study, and two versions of different studies', async () => {
    await cache.call('reports.save', { projectId: P, report: version(P, 'r-1', [{ title: 'Price', frequency: 0.5 }]), now: 't1' });
    await cache.call('reports.save', { projectId: OTHER, report: version(OTHER, 'r-2', [{ title: 'Price', frequency: 0.5 }]), now: 't1' });
    const [mine] = await reportVersions(cache).listVersions(P);
    const [theirs] = await reportVersions(cache).listVersions(OTHER);
    const s = reportVersions(cache);
    await expect(s.diffVersions(mine!.id, 999)).rejects.toMatchObject({ code: 'unknown_report_version' });
    await expect(s.diffVersions(mine!.id, theirs!.id, { projectId: P })).rejects.toMatchObject({ code: 'unknown_report_version' });
    await expect(s.diffVersions(mine!.id, theirs!.id)).rejects.toMatchObject({ code: 'report_versions_unrelated' });
  });
});
