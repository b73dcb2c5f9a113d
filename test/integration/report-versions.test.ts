// Report versions through the core: the service keeps only its latest report, Fieldwork keeps every one
// it has synced. Sync a report, regenerate it in the sandbox, sync again: two versions, the replaced one
// kept whole, and the diff between them over IPC.
import { describe, expect, it } from 'vitest';
import { useCoreWithStudy } from '../support/core';

const study = useCoreWithStudy({
  dirPrefix: 'fw-report-versions-',
  sandbox: { reportDurationMs: 0 },
  title: 'Versions study',
  completed: 3,
  workspace: 'Versions',
});

describe('report versions', () => {
  it('keep the report the service replaced on regenerate, once per content, and diff two of them', async () => {
    const { core, org, projectId, ws } = study;
    const versions = () => core.call('reports.versions', { workspace_id: ws, project_id: projectId });
    await core.call('sync.run', { workspace_id: ws });
    expect(await versions()).toEqual([]);

    const first = await org.client.startReport(projectId);
    await core.call('sync.run', { workspace_id: ws });
    const one = await versions();
    expect(one).toHaveLength(1);
    expect(one[0]).toMatchObject({ report_id: first.report_id, interviews_analysed: 3, themes: expect.any(Number) });
    expect(one[0]!.themes).toBeGreaterThan(0);

    // The same report synced again is not a new version.
    await core.call('sync.run', { workspace_id: ws });
    expect(await versions()).toEqual(one);

    // More interviews, and the report regenerated: the service replaces its report.
    await org.operator('POST', `/_sandbox/projects/${projectId}/simulate`, { completed: 4, transcript_turns: 8 });
    // While the new one is processing, the service has no themes to give: a sync keeps no version of it.
    await org.operator('PUT', '/_sandbox/organisations/me', { report_duration_ms: 3_600_000 });
    const processing = await org.client.startReport(projectId);
    await core.call('sync.run', { workspace_id: ws });
    expect(await core.call('reports.versions', { workspace_id: ws, project_id: projectId })).toEqual(one);
    expect((await org.client.getReport(projectId)).status).toBe('PROCESSING');
    await org.operator('PUT', '/_sandbox/organisations/me', { report_duration_ms: 0 });
    const second = await org.client.startReport(projectId);
    expect(second.report_id).not.toBe(processing.report_id);
    expect((await org.client.getReport(projectId)).report_id).toBe(second.report_id);
    await core.call('sync.run', { workspace_id: ws });
    await core.call('sync.run', { workspace_id: ws });
    const two = await versions();
    expect(two.map((v) => [v.report_id, v.interviews_analysed])).toEqual([
      [second.report_id, 7],
      [first.report_id, 3],
    ]);
    expect(two[1]).toEqual(one[0]);
    expect(two[0]!.id).toBeGreaterThan(two[1]!.id);

    const diff = await core.call('reports.diff', { workspace_id: ws, project_id: projectId, from_id: two[1]!.id, to_id: two[0]!.id });
    expect(diff.from).toEqual(two[1]);
    expect(diff.to).toEqual(two[0]);
    expect(diff.project_id).toBe(projectId);
    const same = await core.call('reports.diff', { workspace_id: ws, project_id: projectId, from_id: two[0]!.id, to_id: two[0]!.id });
    expect(same).toMatchObject({ added: [], removed: [], reworded: [], frequency_changes: [], quotes: [], summary_changed: false });
  }, 60_000);

  it('refuses a version id that is not one of the study', async () => {
    const { core, projectId, ws } = study;
    await expect(core.call('reports.diff', { workspace_id: ws, project_id: projectId, from_id: 1, to_id: 9_999 })).rejects.toMatchObject({
      code: 'unknown_report_version',
    });
    await expect(core.call('reports.diff', { workspace_id: ws, project_id: projectId, from_id: 0, to_id: 1 })).rejects.toMatchObject({ code: 'invalid_input' });
  });
});
