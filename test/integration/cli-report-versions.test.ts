/**
 * `fieldwork report versions` and `fieldwork report diff`, run as child processes as cli.test.ts runs the
 * command line (`node bin/fieldwork.cjs …`, FIELDWORK_HOME in a temp dir, no keychain reachable). A report
 * is synced, regenerated in the sandbox and synced again; then, with the sandbox gone and no key, the two
 * versions are listed and compared from the cache alone.
 */
import { describe, expect, it } from 'vitest';
import { diffReports } from '../../src/shared/analysis/report-diff';
import { projectListItem } from '../../src/shared/schemas/project';
import { report } from '../../src/shared/schemas/report';
import { cliJson, useCli } from '../support/cli';

const fw = useCli({ dirPrefix: 'fw-cli-versions-', sandbox: { reportDurationMs: 0 } });
const cli = fw.run;

const json = cliJson;

type Version = { id: number; report_id: string; generated_at: string; interviews_analysed: number; themes: number };

describe('fieldwork report versions and report diff', () => {
  let project: string;
  let versions: Version[];

  it('lists every synced report, newest first, offline and without a key, as the documented JSON', async () => {
    const { org, project: id } = await fw.study({ title: 'Versioned study', target: 20, completed: 3, workspace: 'Versions' });
    project = id;
    const key = org.apiKey;
    const first = await org.client.startReport(project);
    expect((await cli(['sync', '--workspace', 'versions'], { key })).code).toBe(0);
    // Regenerated over more interviews: the service replaces its report; the next sync keeps both.
    await org.operator('POST', `/_sandbox/projects/${project}/simulate`, { completed: 4 });
    const second = await org.client.startReport(project);
    expect((await cli(['sync', '--workspace', 'versions'], { key })).code).toBe(0);
    await fw.stopSandbox();

    const [asJson, human, empty] = await Promise.all([
      cli(['report', 'versions', '--workspace', 'Versions', '--project', project, '--json']),
      cli(['report', 'versions', '--workspace', 'Versions', '--project', project]),
      cli(['report', 'versions', '--workspace', 'Versions', '--project', '99999999-9999-4999-8999-999999999999', '--json']),
    ]);
    expect(asJson.code, asJson.stderr).toBe(0);
    versions = json<Version[]>(asJson);
    expect(versions.map((v) => Object.keys(v))).toEqual([
      ['id', 'report_id', 'generated_at', 'interviews_analysed', 'themes'],
      ['id', 'report_id', 'generated_at', 'interviews_analysed', 'themes'],
    ]);
    expect(versions.map((v) => [v.report_id, v.interviews_analysed])).toEqual([
      [second.report_id, 7],
      [first.report_id, 3],
    ]);
    expect(versions[0]!.id).toBeGreaterThan(versions[1]!.id);
    for (const v of versions) expect(Number.isInteger(v.themes) && v.themes > 0).toBe(true);

    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toMatch(/^2 report versions of project .*, newest first:\n/);
    expect(human.stdout).toContain(`#${versions[0]!.id}: report ${second.report_id} · generated ${versions[0]!.generated_at} · 7 interviews analysed`);
    expect(human.stdout.indexOf(`#${versions[0]!.id}:`)).toBeLessThan(human.stdout.indexOf(`#${versions[1]!.id}:`));
    // A study the cache has never seen is a usage error, as for `report status`.
    expect(empty.code).toBe(2);
    expect(json<{ error: { code: string } }>(empty).error.code).toBe('unknown_project');
  }, 120_000);

  it('diffs two versions by id: the JSON is the diff of the two kept reports; human output lists the changes', async () => {
    const [older, newer] = [versions[1]!, versions[0]!];
    const cache = await fw.workspaceCache();
    const [a, b] = await Promise.all([cache.call('reports.version', { id: older.id }), cache.call('reports.version', { id: newer.id })]);
    await cache.close();
    const expected = diffReports(a!.report, b!.report);
    // Three interviews, then seven: the themes moved, so the checks below have something to check.
    expect(expected.added.length + expected.removed.length + expected.frequency_changes.length + expected.quotes.length).toBeGreaterThan(0);

    const [asJson, human] = await Promise.all([
      cli(['report', 'diff', '--workspace', 'Versions', '--project', project, '--from', String(older.id), '--to', String(newer.id), '--json']),
      cli(['report', 'diff', '--workspace', 'Versions', '--project', project, '--from', String(older.id), '--to', String(newer.id)]),
    ]);
    expect(asJson.code, asJson.stderr).toBe(0);
    expect(json(asJson)).toEqual({ project_id: project, summary_changed: expect.any(Boolean), ...expected, from: older, to: newer });
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toMatch(new RegExp(`^From #${older.id}: .*\\nTo   #${newer.id}: `));
    for (const t of expected.added) expect(human.stdout).toContain(`  + ${t.title} (${t.frequency_pct}%)`);
    for (const t of expected.removed) expect(human.stdout).toContain(`  - ${t.title} (${t.frequency_pct}%)`);
    for (const f of expected.frequency_changes) expect(human.stdout).toContain(`  ${f.title}: ${f.from_pct}% → ${f.to_pct}%`);
  }, 60_000);

  it('prints service text without control characters, and refuses bad or unknown ids with exit 2', async () => {
    // A study whose kept reports carry escape sequences and a bidi override in their titles and quotes.
    const evil = '88888888-8888-4888-8888-888888888888';
    const cache = await fw.workspaceCache();
    await cache.call('projects.saveList', { items: [projectListItem.parse({ id: evil, title: 'Evil', status: 'ACTIVE' })], syncedAt: 't0' });
    const r = (id: string, title: string, quotes: string[]) =>
      report.parse({
        report_id: id,
        project_id: evil,
        status: 'COMPLETED',
        generated_at: 'g',
        interviews_analysed: 1,
        summary: 's',
        themes: [{ title, frequency: 0.5, summary: '', quotes }],
      });
    await cache.call('reports.save', { projectId: evil, report: r('r-1\u001b[2J', 'Price\u001b]0;owned\u0007 clarity', ['old']), now: 't1' });
    await cache.call('reports.save', { projectId: evil, report: r('r-2', 'Price \u202eclarity', ['new \u001b[31mquote\u0007']), now: 't2' });
    const [to, from] = await cache.call('reports.versions', { projectId: evil });
    await cache.close();

    const [list, diff, badId, unknownId, missing] = await Promise.all([
      cli(['report', 'versions', '--workspace', 'Versions', '--project', evil]),
      cli(['report', 'diff', '--workspace', 'Versions', '--project', evil, '--from', String(from!.id), '--to', String(to!.id)]),
      cli(['report', 'diff', '--workspace', 'Versions', '--project', evil, '--from', 'first', '--to', '2']),
      cli(['report', 'diff', '--workspace', 'Versions', '--project', evil, '--from', String(versions[0]!.id), '--to', String(to!.id), '--json']),
      cli(['report', 'diff', '--workspace', 'Versions', '--project', evil, '--from', '1']),
    ]);
    for (const run of [list, diff]) {
      expect(run.code, run.stderr).toBe(0);
      // eslint-disable-next-line no-control-regex -- the point: none reach the terminal
      expect(run.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
    }
    expect(list.stdout).toContain('report r-1 · generated g');
    expect(diff.stdout).toContain('+ “new quote”');
    expect(badId.code).toBe(2);
    expect(badId.stderr).toMatch(/--from must be a report version id/);
    // A version of another study is not one of this study's.
    expect(unknownId.code).toBe(2);
    expect(json<{ error: { code: string } }>(unknownId).error.code).toBe('unknown_report_version');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--to/);
  }, 60_000);
});
