// Migration 0014: every report Fieldwork has seen is kept as a version; the cached report is the first.
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../../src/main/cache/migrate';
import { MIGRATIONS } from '../../../../../src/main/cache/migrations';
import { getReportVersion, listReportVersions, versionContent } from '../../../../../src/main/cache/queries/report-versions';
import { getReport, saveReport } from '../../../../../src/main/cache/queries/reports';
import { report, type Report } from '../../../../../src/shared/schemas/report';
import { columns, migratedTo } from './support';

const P = '11111111-1111-4111-8111-111111111111';
const Q = '22222222-2222-4222-8222-222222222222';
const R = '33333333-3333-4333-8333-333333333333';

const completed = (over: Record<string, unknown> = {}): Report =>
  report.parse({
    report_id: 'r-1',
    project_id: P,
    status: 'COMPLETED',
    generated_at: '2025-05-01T10:00:00Z',
    interviews_analysed: 4,
    summary: 'People want clear prices.',
    themes: [
      { title: 'Price clarity', frequency: 0.75, summary: 'Hidden fees annoy.', quotes: ['I hate surprise fees.', 'Show me the total.'] },
      { title: 'Trust', frequency: 0.5, summary: 'Reviews matter.', quotes: ['I read the reviews first.'] },
    ],
    ...over,
  });

function projectRow(d: Database.Database, id: string) {
  d.prepare('INSERT INTO projects (id, title, status, synced_at) VALUES (?, ?, ?, ?)').run(id, `Study ${id.slice(0, 4)}`, 'ACTIVE', 't0');
}

/** A report cached as the sync stored it before 0014 (the runtime saveReport needs report_versions). */
function cachedReport(d: Database.Database, args: { projectId: string; report: Report; now: string }) {
  const r = args.report;
  d.prepare(
    'INSERT OR REPLACE INTO reports (project_id, report_id, status, generated_at, interviews_analysed, summary, synced_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(args.projectId, r.report_id, r.status, r.generated_at, r.interviews_analysed, r.summary, args.now);
  r.themes.forEach((t, i) => {
    d.prepare('INSERT INTO report_themes (project_id, position, title, frequency, summary) VALUES (?, ?, ?, ?, ?)').run(
      args.projectId,
      i,
      t.title,
      t.frequency,
      t.summary,
    );
    t.quotes.forEach((q, j) =>
      d.prepare('INSERT INTO report_quotes (project_id, theme_position, position, text) VALUES (?, ?, ?, ?)').run(args.projectId, i, j, q),
    );
  });
}

describe('migration 0014: report versions', () => {
  it('is version 14, adds report_versions and backfills each cached report as the first version of its study', async () => {
    expect(MIGRATIONS[13]).toMatchObject({ version: 14, name: 'report-versions' });
    const d = await migratedTo(13);
    for (const id of [P, Q, R]) projectRow(d, id);
    cachedReport(d, { projectId: P, report: completed(), now: 't1' });
    cachedReport(d, { projectId: Q, report: completed({ project_id: Q, report_id: 'r-q', themes: [], status: 'COMPLETED' }), now: 't2' });
    cachedReport(d, { projectId: R, report: completed({ project_id: R, report_id: 'r-r', status: 'PROCESSING', themes: [] }), now: 't3' });
    await migrate(d, { migrations: MIGRATIONS.slice(0, 14) });
    expect(d.pragma('user_version', { simple: true })).toBe(14);
    expect(columns(d, 'report_versions').map((c) => c.name)).toEqual([
      'id',
      'project_id',
      'report_id',
      'generated_at',
      'seen_at',
      'interviews_analysed',
      'report_json',
      'content_hash',
    ]);
    const [first] = listReportVersions(d, { projectId: P });
    expect(listReportVersions(d, { projectId: P })).toEqual([
      { id: first!.id, project_id: P, report_id: 'r-1', generated_at: '2025-05-01T10:00:00Z', seen_at: 't1', interviews_analysed: 4, themes: 2 },
    ]);
    // The report as the app reads it, without the sync time.
    const { synced_at: _, ...asRead } = getReport(d, { projectId: P })!;
    expect(getReportVersion(d, { id: first!.id })!.report).toEqual(asRead);
    // A complete report without themes is a version; one still processing is not.
    expect(listReportVersions(d, { projectId: Q }).map((v) => v.themes)).toEqual([0]);
    expect(listReportVersions(d, { projectId: R })).toEqual([]);
  });

  it('stores what the sync would store: the backfilled version is the one the same report finds again, so no duplicate', async () => {
    const d = await migratedTo(13);
    projectRow(d, P);
    cachedReport(d, { projectId: P, report: completed(), now: 't1' });
    await migrate(d, { migrations: MIGRATIONS.slice(0, 14) });
    const row = d.prepare('SELECT report_json, content_hash FROM report_versions').get() as { report_json: string; content_hash: string };
    expect(row).toEqual({ report_json: versionContent(completed(), P).json, content_hash: versionContent(completed(), P).hash });
    saveReport(d, { projectId: P, report: completed(), now: 't2' });
    expect(listReportVersions(d, { projectId: P })).toHaveLength(1);
  });

  it('appends a regenerated report, keeps the replaced one, and skips reports without themes that are not complete', async () => {
    const d = await migratedTo(14);
    projectRow(d, P);
    saveReport(d, { projectId: P, report: completed(), now: 't1' });
    saveReport(d, { projectId: P, report: completed({ report_id: 'r-2', status: 'PROCESSING', themes: [] }), now: 't2' });
    saveReport(d, { projectId: P, report: completed({ report_id: 'r-2', status: 'FAILED', themes: [] }), now: 't3' });
    const regenerated = completed({
      report_id: 'r-3',
      generated_at: '2025-05-02T10:00:00Z',
      themes: [{ title: 'Trust', frequency: 1, summary: 'x', quotes: [] }],
    });
    saveReport(d, { projectId: P, report: regenerated, now: 't4' });
    saveReport(d, { projectId: P, report: regenerated, now: 't5' });
    const versions = listReportVersions(d, { projectId: P });
    expect(versions.map((v) => [v.report_id, v.seen_at, v.themes])).toEqual([
      ['r-3', 't4', 1],
      ['r-1', 't1', 2],
    ]);
    // The replaced report is kept whole, even though the reports row now holds the new one.
    expect(getReport(d, { projectId: P })!.report_id).toBe('r-3');
    expect(getReportVersion(d, { id: versions[1]!.id })!.report.themes.map((t) => t.title)).toEqual(['Price clarity', 'Trust']);
    expect(getReportVersion(d, { id: 999 })).toBeNull();
    // No foreign key: the study's service rows going away leaves its versions.
    d.prepare('DELETE FROM projects WHERE id = ?').run(P);
    expect(listReportVersions(d, { projectId: P })).toHaveLength(2);
  });
});
