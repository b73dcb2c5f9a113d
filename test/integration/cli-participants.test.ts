/**
 * `fieldwork participants`, run as a child process after real syncs from the sandbox (issue 21 §3): every
 * interview gets a participant code in order of completion; more interviews and a re-sync keep every code and
 * give the newcomers the next numbers; an export names its transcript files by the same codes.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliJson, useCli } from '../support/cli';

const fw = useCli({ dirPrefix: 'fw-cli-participants-', sandbox: { reportDurationMs: 0 } });
const cli = fw.run;

type Listed = { interview_id: string; code: string; name: string | null };

describe('fieldwork participants', () => {
  it('codes in order of completion, kept through more interviews and a re-sync, the same as the export’s file names', async () => {
    const { org, project } = await fw.study({ title: 'Coded people', target: 20, completed: 3, workspace: 'People' });
    await org.operator('POST', `/_sandbox/projects/${project}/simulate`, { completed: 0, incomplete: 1 });
    expect((await cli(['sync', '--workspace', 'people'], { key: org.apiKey })).code).toBe(0);
    const list = async (...extra: string[]) => {
      const r = await cli(['participants', '--workspace', 'People', '--project', project, '--json', ...extra]);
      expect(r.code, r.stderr).toBe(0);
      return cliJson<Listed[]>(r);
    };
    const first = await list();
    expect(first.map((p) => p.code)).toEqual(['P01', 'P02', 'P03', 'P04']);
    expect(first.every((p) => p.name === null)).toBe(true);
    // In order of completion, the unfinished one last, as the cache holds them.
    const cache = await fw.workspaceCache();
    try {
      const ivs = (await cache.call('interviews.list', { projectId: project })).items;
      const byId = new Map(ivs.map((i) => [i.id, i]));
      const times = first.map((p) => byId.get(p.interview_id)!.completed_at);
      expect(byId.get(first[3]!.interview_id)!.status).not.toBe('COMPLETE');
      const done = times.slice(0, 3) as string[];
      expect([...done].sort()).toEqual(done);
    } finally {
      await cache.close();
    }

    // More interviews, then a re-sync: every code kept, the newcomers next.
    await org.operator('POST', `/_sandbox/projects/${project}/simulate`, { completed: 2, incomplete: 0 });
    expect((await cli(['sync', '--workspace', 'people'], { key: org.apiKey })).code).toBe(0);
    const second = await list('--include-participant');
    expect(second.slice(0, 4).map((p) => [p.interview_id, p.code])).toEqual(first.map((p) => [p.interview_id, p.code]));
    expect(second.map((p) => p.code)).toEqual(['P01', 'P02', 'P03', 'P04', 'P05', 'P06']);
    expect(second.filter((p) => p.name !== null).length).toBeGreaterThan(0);
    await fw.stopSandbox();

    // Offline, the table, and an export whose transcript files are the same codes.
    const table = await cli(['participants', '--workspace', 'People', '--project', project]);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout.split('\n')[0]).toBe(`Participants of project ${project}: 6 interviews`);
    const out = join(fw.tmp, 'export');
    const exported = await cli(['export', '--workspace', 'People', '--project', project, '--format', 'txt', '--out', out]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(readdirSync(join(out, 'Coded people', 'txt')).sort()).toEqual(second.map((p) => `${p.code}.txt`));
    // The key is refused with --redact (a redacted export never holds it), whatever else is asked.
    const refused = await cli([
      'export',
      '--workspace',
      'People',
      '--project',
      project,
      '--format',
      'txt',
      '--out',
      join(fw.tmp, 'r'),
      '--redact',
      '--participant-key',
    ]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/never written into a redacted export/);
  }, 180_000);
});
