import type { Command, Group } from '../types';
import { requireProject } from '../project';
import { clean, plural } from '../output';

const USAGE = `Usage: fieldwork participants --workspace NAME --project ID [--include-participant] [--json]

Lists the study's interviews by their participant code ("P07"), offline, from the cache: the one label
every export, clip, reel, grid and redacted file gives an interview. Codes are given in order of completion
and never change: an interview added later gets the next free number, and a re-sync renumbers nothing.
Names are left out unless --include-participant.
--json: [{interview_id, code, name}], name null unless --include-participant (or when the service sent none).`;

const participants: Command = {
  usage: USAGE,
  options: {
    workspace: { type: 'string' },
    project: { type: 'string' },
    'include-participant': { type: 'boolean' },
  },
  required: ['workspace', 'project'],
  async run(ctx) {
    const w = await ctx.workspace(String(ctx.flags.workspace));
    const project = String(ctx.flags.project).trim();
    await requireProject(ctx, w, project);
    const includeParticipant = ctx.flags['include-participant'] === true;
    const rows = await (await ctx.services()).participants.list(w.id, project, { includeParticipant });
    if (ctx.out.isJson) return ctx.out.json(rows.map((r) => ({ interview_id: r.interview_id, code: r.code, name: r.name })));
    if (rows.length === 0) return ctx.out.line(`Project ${project} has no interviews in the saved data yet: sync it first.`);
    ctx.out.line(`Participants of project ${project}: ${plural(rows.length, 'interview')}`);
    const width = Math.max(...rows.map((r) => r.code.length));
    for (const r of rows)
      ctx.out.line(`  ${r.code.padEnd(width)}  ${r.interview_id}${includeParticipant ? `  ${r.name === null ? '(no name)' : clean(r.name)}` : ''}`);
  },
};

export const participantsGroup: Group = {
  name: 'participants',
  usage: USAGE,
  commands: { '': participants },
};
