/**
 * `fieldwork codes list`, run as a child process as the other CLI tests run it: a synced study is coded in
 * its cache (a segment over two turns, one by the AI report, a category with a code), then, with the
 * sandbox gone and no key, the codebook is listed from the cache alone, as the documented JSON, with and
 * without --segments, and as text without the control characters a code's name or words may carry.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliJson, useCli } from '../support/cli';

const fw = useCli({ dirPrefix: 'fw-cli-codes-' });
const cli = fw.run;

type Code = { name: string; description: string; color: string; parent: string | null; category: boolean; codings: number; interviews: number };
type WithSegments = Code & { segments: { interview_id: string; coder: string; start_ms: number | null; end_ms: number | null; text: string }[] };

describe('fieldwork codes list', () => {
  let project: string;
  const expected: { interview: string; text: string; start_ms: number | null; end_ms: number | null; coder: string }[] = [];

  beforeAll(async () => {
    const { org, project: id } = await fw.study({ title: 'Coded study', target: 20, completed: 2, workspace: 'Codes' });
    project = id;
    expect((await cli(['sync', '--workspace', 'Codes'], { key: org.apiKey })).code).toBe(0);
    await fw.stopSandbox();

    const cache = await fw.workspaceCache();
    const now = '2026-11-26T10:00:00.000Z';
    const ivs = (await cache.call('interviews.list', { projectId: project, limit: 10, offset: 0 })).items;
    const details = await Promise.all(ivs.map((i) => cache.call('interviews.get', { id: i.id })));
    const a = details[0]!;
    const b = details[1]!;
    // A segment over two turns: from the 3rd character of a turn to the 5th of the next.
    const [t0, t1] = [a.transcript[1]!, a.transcript[2]!];
    const cat = await cache.call('codes.create', { projectId: project, name: 'Money', isCategory: true, now });
    await cache.call('codes.create', { projectId: project, name: 'Price', description: 'Talk of cost \u001b[31mred\u0007', parentId: cat.id, now });
    const add = (interview: NonNullable<typeof a>, st: number, so: number, et: number, eo: number, coder: string | null) =>
      cache.call('highlights.add', {
        highlight: {
          project_id: project,
          interview_id: interview.id,
          start_turn: st,
          start_offset: so,
          end_turn: et,
          end_offset: eo,
          start_ms: interview.transcript[st]!.start_ms,
          quote: 'x',
          note: '',
          new_codes: ['Price'],
          coder,
        },
        now,
      });
    await add(a, 1, 2, 2, 5, null);
    await add(b, 1, 0, 1, 4, 'AI report');
    await cache.call('codes.create', { projectId: project, name: 'Trust\u001b]0;owned\u0007', now });
    await cache.close();
    expected.push(
      { interview: a.id, text: `${t0.text.slice(2)}\n\n${t1.text.slice(0, 5)}`, start_ms: t0.start_ms, end_ms: t1.end_ms, coder: 'Rosa' },
      { interview: b.id, text: b.transcript[1]!.text.slice(0, 4), start_ms: b.transcript[1]!.start_ms, end_ms: b.transcript[1]!.end_ms, coder: 'AI report' },
    );
    // The researcher's name, as the app's Settings keep it: their own codings carry it.
    writeFileSync(join(fw.home, 'settings.json'), JSON.stringify({ researcher_name: 'Rosa' }));
  }, 120_000);

  it('lists the codebook offline as the documented JSON: categories with their codes, counts, parent by name', async () => {
    const run = await cli(['codes', 'list', '--workspace', 'Codes', '--project', project, '--json']);
    expect(run.code, run.stderr).toBe(0);
    const codes = cliJson<Code[]>(run);
    expect(codes.map((c) => Object.keys(c))).toEqual(codes.map(() => ['name', 'description', 'color', 'parent', 'category', 'codings', 'interviews']));
    expect(codes).toEqual([
      { name: 'Money', description: '', color: expect.stringMatching(/^#[0-9a-f]{6}$/), parent: null, category: true, codings: 0, interviews: 0 },
      {
        name: 'Price',
        description: 'Talk of cost \u001b[31mred\u0007',
        color: expect.any(String),
        parent: 'Money',
        category: false,
        codings: 2,
        interviews: 2,
      },
      { name: 'Trust\u001b]0;owned\u0007', description: '', color: expect.any(String), parent: null, category: false, codings: 0, interviews: 0 },
    ]);
  }, 60_000);

  it('with --segments, every coded segment: exactly the coded words (over two turns too), times, coder label', async () => {
    const run = await cli(['codes', 'list', '--workspace', 'Codes', '--project', project, '--segments', '--json']);
    expect(run.code, run.stderr).toBe(0);
    const codes = cliJson<WithSegments[]>(run);
    const price = codes.find((c) => c.name === 'Price')!;
    expect(price.segments.map((s) => Object.keys(s))).toEqual(price.segments.map(() => ['interview_id', 'coder', 'start_ms', 'end_ms', 'text']));
    expect(new Set(price.segments)).toEqual(
      new Set(expected.map((e) => ({ interview_id: e.interview, coder: e.coder, start_ms: e.start_ms, end_ms: e.end_ms, text: e.text }))),
    );
    expect(codes.find((c) => c.name === 'Money')!.segments).toEqual([]);
  }, 60_000);

  it('prints text without control characters; an unknown study is a usage error', async () => {
    const [human, withSegments, unknown, help] = await Promise.all([
      cli(['codes', 'list', '--workspace', 'Codes', '--project', project]),
      cli(['codes', 'list', '--workspace', 'Codes', '--project', project, '--segments']),
      cli(['codes', 'list', '--workspace', 'Codes', '--project', '99999999-9999-4999-8999-999999999999', '--json']),
      cli(['codes', 'list', '--help']),
    ]);
    expect(help).toMatchObject({ code: 0 });
    expect(help.stdout).toMatch(/^Usage: fieldwork codes list --workspace NAME --project ID \[--segments\] \[--json\]/);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toMatch(/^Codebook of project .*: 2 codes, 1 category\n/);
    expect(human.stdout).toContain('  Money (category)\n');
    expect(human.stdout).toMatch(
      /\n {4}Price {2}#[0-9a-f]{6} {2}2 codings in 2 interviews · Talk of cost red\n {2}Trust {2}#[0-9a-f]{6} {2}0 codings in 0 interviews\n$/,
    );
    // eslint-disable-next-line no-control-regex
    expect(human.stdout + withSegments.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(withSegments.stdout).toContain('(Rosa): “');
    expect(withSegments.stdout).toContain('(AI report): “');
    expect(unknown.code).toBe(2);
    expect(cliJson<{ error: { code: string } }>(unknown).error.code).toBe('unknown_project');
  }, 60_000);
});
