import { AppError } from '../../errors';
import type { SyncResult } from '../../services';
import type { Command, Ctx, Group } from '../types';
import { requireProject } from '../project';
import { clean, plural } from '../output';

const USAGE = `Usage: fieldwork sync --workspace NAME [--project ID] [--json]

Pulls the workspace's projects, interviews (with transcripts), reports, stimuli and credits into the
offline cache; with --project, just that project. A progress line is shown on a terminal (stderr).
Exits 4 when the service cannot be reached; what was cached before stays available.`;

const PHASES: Record<string, string> = { projects: 'projects', interviews: 'interviews', details: 'changed interviews', done: 'done' };

/** The worst exit code among the sync's per-project issues: offline (4) first, then auth (3), else 1. */
function issuesExit(ctx: Ctx, issues: SyncResult['issues']): number {
  const codes = issues.map((i) => ctx.exitCodeFor(new AppError(i.code, i.message)));
  return codes.includes(4) ? 4 : codes.includes(3) ? 3 : codes.length ? 1 : 0;
}

const sync: Command = {
  usage: USAGE,
  options: { workspace: { type: 'string' }, project: { type: 'string' } },
  required: ['workspace'],
  async run(ctx) {
    const w = await ctx.workspace(String(ctx.flags.workspace));
    const project = typeof ctx.flags.project === 'string' ? ctx.flags.project : null;
    const s = await ctx.services();
    const bar = ctx.out.progress();
    const unsubscribe = s.sync.onProgress(w.id, (p) => bar.update(`Syncing ${clean(w.name)}: ${PHASES[p.phase] ?? p.phase}`, p.done, p.total));
    let result: SyncResult;
    try {
      result = await s.sync.run(w.id, project ? [project] : undefined);
      // The app indexes new turns for search while idle; a command that exits next finishes it here,
      // so the first `fieldwork search` does not pay for it.
      await s.search.indexBacklog(w.id, (done, total) => bar.update('Indexing for search', done, total));
    } finally {
      unsubscribe();
      bar.clear();
    }
    if (project) await requireProject(ctx, w, project);
    const newComplete = result.new_complete.reduce((n, x) => n + x.interview_ids.length, 0);
    if (ctx.out.isJson) {
      ctx.out.json({
        workspace: { id: w.id, name: w.name },
        projects: result.projects,
        interviews_seen: result.interviews_seen,
        interviews_written: result.interviews_written,
        new_complete: newComplete,
        requests: result.requests,
        issues: result.issues,
        duration_ms: result.duration_ms,
      });
    } else {
      ctx.out.line(
        `Synced "${clean(w.name)}": ${plural(result.projects, 'project')}, ${plural(result.interviews_seen, 'interview')} checked, ${result.interviews_written} updated` +
          ` (${plural(result.requests, 'request')}, ${(result.duration_ms / 1000).toFixed(1)} s).`,
      );
      if (newComplete > 0) ctx.out.line(`${plural(newComplete, 'newly completed interview')}.`);
    }
    if (result.issues.length > 0) {
      ctx.out.warn(`The sync finished with ${plural(result.issues.length, 'problem')}:`);
      for (const i of result.issues) ctx.out.warn(`  ${i.project_id ? `project ${i.project_id}: ` : ''}${clean(i.message)}`);
    }
    return issuesExit(ctx, result.issues);
  },
};

export const syncGroup: Group = { name: 'sync', usage: USAGE, commands: { '': sync } };
