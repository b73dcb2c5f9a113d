import type { ReelDetailView, ReelView } from '../../../shared/ipc/channels/reels';
import { AppError } from '../../errors';
import { checked } from '../input';
import type { Command, Ctx, Group } from '../types';
import { requireProject } from '../project';
import { clean, clock, plural } from '../output';

const LIST_USAGE = `Usage: fieldwork reels list --workspace NAME --project ID [--json]

Lists the reels the researcher built in the app (Analysis → Reels), by name, with how many clips each holds.
Offline (reads the cache).
--json: [{id, name, clips, created_at, updated_at}]`;

const SHOW_USAGE = `Usage: fieldwork reels show --workspace NAME --project ID --reel NAME [--json]

Prints one reel's clips in the researcher's order: who ("Name (P07)", else the participant code "P07"), when,
the words and their codes, and the reel's total length. --reel is the reel's name (any case) or its id.
Offline (reads the cache).
--json: {id, name, total_ms, untimed, clips: [{highlight_id, interview_id, participant, start_ms, end_ms,
text, codes}]}, codes being the codes' names; end_ms is the end of the clip's last turn (null when unknown).`;

const options = { workspace: { type: 'string' }, project: { type: 'string' } } as const;

/** The study's reels; an empty list of a study not in the cache is a usage error, as for `codes list`. */
async function studyReels(ctx: Ctx): Promise<{ ws: string; project: string; reels: ReelView[] }> {
  const w = await ctx.workspace(String(ctx.flags.workspace));
  const project = String(ctx.flags.project);
  const i = await checked('reels.list', { workspace_id: w.id, project_id: project });
  const reels = await (await ctx.services()).reels.list(i.workspace_id, i.project_id);
  if (reels.length === 0) await requireProject(ctx, w, project);
  return { ws: w.id, project, reels };
}

const list: Command = {
  usage: LIST_USAGE,
  options,
  required: ['workspace', 'project'],
  async run(ctx) {
    const { project, reels } = await studyReels(ctx);
    if (ctx.out.isJson) return ctx.out.json(reels.map((r) => ({ id: r.id, name: r.name, clips: r.clips, created_at: r.created_at, updated_at: r.updated_at })));
    if (reels.length === 0) return ctx.out.line(`Project ${project} has no reels yet: build one in the app, Analysis → Reels.`);
    ctx.out.line(`Reels of project ${project}: ${reels.length}`);
    for (const r of reels) ctx.out.line(`  ${clean(r.name)}  ${plural(r.clips, 'clip')}`);
  },
};

const show: Command = {
  usage: SHOW_USAGE,
  options: { ...options, reel: { type: 'string' } },
  required: ['workspace', 'project', 'reel'],
  async run(ctx) {
    const { ws, project, reels } = await studyReels(ctx);
    const wanted = String(ctx.flags.reel);
    const found = reels.find((r) => r.id === wanted) ?? reels.find((r) => r.name.toLowerCase() === wanted.trim().toLowerCase());
    if (!found) {
      const names = reels.map((r) => `"${clean(r.name)}"`).join(', ');
      throw new AppError('unknown_reel', `No reel "${clean(wanted)}" in project ${project}; ${names ? `its reels are ${names}` : 'it has no reels yet'}.`);
    }
    const i = await checked('reels.get', { workspace_id: ws, id: found.id });
    const d: ReelDetailView = await (await ctx.services()).reels.get(i.workspace_id, i.id);
    if (ctx.out.isJson)
      return ctx.out.json({
        id: d.reel.id,
        name: d.reel.name,
        total_ms: d.total_ms,
        untimed: d.untimed,
        clips: d.items.map((i) => ({
          highlight_id: i.highlight_id,
          interview_id: i.interview_id,
          participant: i.participant,
          start_ms: i.start_ms,
          end_ms: i.end_ms,
          text: i.text,
          codes: i.codes.map((c) => c.name),
        })),
      });
    const untimed = d.untimed ? ` (${plural(d.untimed, 'clip')} with no known time left out)` : '';
    ctx.out.line(`Reel "${clean(d.reel.name)}": ${plural(d.items.length, 'clip')}, ${clock(d.total_ms)} in all${untimed}`);
    for (const [n, i] of d.items.entries()) {
      const at = i.start_ms === null ? 'time unknown' : i.end_ms === null ? `from ${clock(i.start_ms)}` : `${clock(i.start_ms)}–${clock(i.end_ms)}`;
      const codes = i.codes.length ? ` [${i.codes.map((c) => clean(c.name)).join(', ')}]` : '';
      ctx.out.line(`  ${n + 1}. ${clean(i.participant)} ${at}: “${clean(i.text)}”${codes}`);
    }
  },
};

export const reelsGroup: Group = {
  name: 'reels',
  usage: `Usage: fieldwork reels <command> --workspace NAME --project ID [--json]

  list                  the reels built in the app, with their clip counts (offline)
  show --reel NAME      one reel's clips in order: who, when, the words, codes, total length (offline)`,
  commands: { list, show },
};
