import { join } from 'node:path';
import type { Command, Group } from '../types';
import { requireProject } from '../project';
import { clean, mb, plural } from '../output';

const USAGE = `Usage: fieldwork videos download --workspace NAME --project ID [--json]

Downloads every interview video of a cached project into the workspace's folder in FIELDWORK_HOME, for
offline playback. Videos already downloaded are skipped; an interrupted download resumes where it
stopped. Prints how many were downloaded, skipped and failed; exits 1 if any failed.`;

const download: Command = {
  usage: USAGE,
  options: { workspace: { type: 'string' }, project: { type: 'string' } },
  required: ['workspace', 'project'],
  async run(ctx) {
    const w = await ctx.workspace(String(ctx.flags.workspace));
    const project = String(ctx.flags.project);
    const s = await ctx.services();
    await requireProject(ctx, w, project);
    const bar = ctx.out.progress();
    let result;
    try {
      result = await s.videos.downloadProject(w.id, project, (p) =>
        bar.update(`Downloading videos${p.current ? ` (${mb(p.current.done)})` : ''}`, p.done, p.total),
      );
    } finally {
      bar.clear();
    }
    const dir = join(s.workspaces.folder(w.id), 'videos');
    if (ctx.out.isJson) {
      ctx.out.json({ project_id: project, downloaded: result.downloaded, skipped: result.skipped, failed: result.failed, dir });
    } else {
      ctx.out.line(`Downloaded ${result.downloaded}, skipped ${result.skipped} (already downloaded), failed ${result.failed.length}.`);
      if (result.downloaded + result.skipped > 0) ctx.out.line(`Videos are in ${dir}.`);
    }
    if (result.failed.length === 0) return 0;
    ctx.out.warn(`${plural(result.failed.length, 'video')} could not be downloaded:`);
    for (const f of result.failed) ctx.out.warn(`  ${f.interview_id}: ${clean(f.message)}`);
    return 1;
  },
};

export const videosGroup: Group = {
  name: 'videos',
  usage: `Usage: fieldwork videos download --workspace NAME --project ID [--json]

  download   every video of the project, with progress on a terminal; already downloaded ones are skipped`,
  commands: { download },
};
