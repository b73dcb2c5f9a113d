/**
 * `fieldwork reels list|show`, run as a child process as the other CLI tests run it: a synced study's cache
 * holds a reel the researcher built (three clips from two interviews, reordered, one a participant without a
 * name), then, with the sandbox gone and no key, the reels are listed and one shown in its order, as the
 * documented JSON and as text without the control characters a name or quote may carry.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { cliJson, useCli } from '../support/cli';

const fw = useCli({ dirPrefix: 'fw-cli-reels-' });
const cli = fw.run;

type Shown = {
  id: string;
  name: string;
  total_ms: number;
  untimed: number;
  clips: { highlight_id: string; interview_id: string; participant: string; start_ms: number | null; end_ms: number | null; text: string; codes: string[] }[];
};

describe('fieldwork reels', () => {
  let project: string;
  let order: { id: string; interview: string; participant: string; text: string; start: number | null; end: number | null }[];

  beforeAll(async () => {
    const { org, project: id } = await fw.study({ title: 'Reel study', target: 20, completed: 2, workspace: 'Reels' });
    project = id;
    expect((await cli(['sync', '--workspace', 'Reels'], { key: org.apiKey })).code).toBe(0);
    await fw.stopSandbox();

    const cache = await fw.workspaceCache();
    const now = '2026-11-26T10:00:00.000Z';
    const ivs = (await cache.call('interviews.list', { projectId: project, limit: 10, offset: 0 })).items;
    const details = (await Promise.all(ivs.map((i) => cache.call('interviews.get', { id: i.id })))).map((d) => d!);
    const clip = async (d: (typeof details)[number], turn: number, tags: string[], quote = d.transcript[turn]!.text.slice(0, 12)) => {
      const h = await cache.call('highlights.add', {
        highlight: {
          project_id: project,
          interview_id: d.id,
          start_turn: turn,
          start_offset: 0,
          end_turn: turn,
          end_offset: 12,
          start_ms: d.transcript[turn]!.start_ms,
          quote,
          note: '',
          new_codes: tags,
        },
        now,
      });
      const t = d.transcript[turn]!;
      return {
        id: h.id,
        interview: d.id,
        // The name with the interview's participant code beside it, as every artefact labels it.
        participant: d.participant_name?.trim() ? `${d.participant_name.trim()} (${d.code})` : d.code,
        text: quote,
        start: t.start_ms,
        end: t.end_ms !== null && t.start_ms !== null && t.end_ms > t.start_ms ? t.end_ms : null,
      };
    };
    const a = await clip(details[0]!, 1, ['Price']);
    const b = await clip(details[1]!, 3, ['Trust', 'Price'], 'Too dear\u001b[31m, really\u0007');
    const c = await clip(details[0]!, 5, []);
    const reel = await cache.call('reels.create', { projectId: project, name: 'Why they left', now });
    await cache.call('reels.create', { projectId: project, name: 'Empty\u001b]0;owned\u0007', now });
    await cache.call('reels.addItems', { id: reel.id, highlightIds: [a.id, b.id, c.id], now });
    await cache.call('reels.move', { id: reel.id, highlightId: c.id, position: 0, now });
    await cache.close();
    order = [c, a, b];
  }, 120_000);

  it('lists the reels and shows one in the researcher’s order, offline, as the documented JSON', async () => {
    const [listed, shown, byCase] = await Promise.all([
      cli(['reels', 'list', '--workspace', 'Reels', '--project', project, '--json']),
      cli(['reels', 'show', '--workspace', 'Reels', '--project', project, '--reel', 'Why they left', '--json']),
      cli(['reels', 'show', '--workspace', 'Reels', '--project', project, '--reel', 'WHY THEY LEFT', '--json']),
    ]);
    expect(listed.code, listed.stderr).toBe(0);
    const reels = cliJson<{ id: string; name: string; clips: number }[]>(listed);
    expect(reels.map((r) => Object.keys(r))).toEqual(reels.map(() => ['id', 'name', 'clips', 'created_at', 'updated_at']));
    expect(reels.map((r) => [r.name, r.clips])).toEqual([
      ['Empty\u001b]0;owned\u0007', 0],
      ['Why they left', 3],
    ]);
    expect(shown.code, shown.stderr).toBe(0);
    const reel = cliJson<Shown>(shown);
    expect(cliJson<Shown>(byCase)).toEqual(reel);
    expect(reel.clips).toEqual(
      order.map((o) => ({
        highlight_id: o.id,
        interview_id: o.interview,
        participant: o.participant,
        start_ms: o.start,
        end_ms: o.end,
        text: o.text,
        codes: o === order[2] ? ['Price', 'Trust'] : o === order[1] ? ['Price'] : [],
      })),
    );
    expect(reel.total_ms).toBe(order.reduce((n, o) => n + (o.start !== null && o.end !== null ? o.end - o.start : 0), 0));
  }, 60_000);

  it('prints text without control characters; an unknown reel or study is a usage error that says what there is', async () => {
    const [list, show, noReel, noStudy, help] = await Promise.all([
      cli(['reels', 'list', '--workspace', 'Reels', '--project', project]),
      cli(['reels', 'show', '--workspace', 'Reels', '--project', project, '--reel', 'why they left']),
      cli(['reels', 'show', '--workspace', 'Reels', '--project', project, '--reel', 'Nope', '--json']),
      cli(['reels', 'list', '--workspace', 'Reels', '--project', '99999999-9999-4999-8999-999999999999', '--json']),
      cli(['reels', '--help']),
    ]);
    expect(help).toMatchObject({ code: 0 });
    expect(help.stdout).toMatch(/^Usage: fieldwork reels <command>/);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toBe(`Reels of project ${project}: 2\n  Empty  0 clips\n  Why they left  3 clips\n`);
    expect(show.code, show.stderr).toBe(0);
    const lines = show.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^Reel "Why they left": 3 clips, \d+:\d\d in all$/);
    expect(lines.slice(1).map((l) => l.replace(/ \d+:\d\d(–\d+:\d\d)?: /, ' T: '))).toEqual([
      `  1. ${order[0]!.participant} T: “${order[0]!.text}”`,
      `  2. ${order[1]!.participant} T: “${order[1]!.text}” [Price]`,
      `  3. ${order[2]!.participant} T: “Too dear, really” [Price, Trust]`,
    ]);
    // eslint-disable-next-line no-control-regex
    expect(list.stdout + show.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(noReel.code).toBe(2);
    expect(cliJson<{ error: { code: string; message: string } }>(noReel).error).toMatchObject({
      code: 'unknown_reel',
      message: expect.stringContaining('"Why they left"'),
    });
    expect(noStudy.code).toBe(2);
    expect(cliJson<{ error: { code: string } }>(noStudy).error.code).toBe('unknown_project');
  }, 60_000);
});
