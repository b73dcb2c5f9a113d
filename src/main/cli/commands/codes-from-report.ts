import { checked } from '../input';
import type { Command } from '../types';
import { requireProject } from '../project';
import { clean, plural } from '../output';

const USAGE = `Usage: fieldwork codes from-report --workspace NAME --project ID [--json]

Turns the study's latest report into codes, offline: each theme becomes a code named by its title, with its
summary as the definition (a code of that name, in any case, is reused and keeps its own definition), and
each quote found in a saved transcript becomes a coding by the coder "AI report" on exactly its words.
Running it again replaces the AI report's codings of those codes, so nothing is duplicated. Prints how many
quotes no transcript holds.
--json: {report_id, themes, codes: [{id, name, created}], quotes, coded, replaced, not_found: [{theme, quote}],
skipped: [{theme, reason}]}.`;

/** `fieldwork codes from-report`: register it in the codes group as `'from-report': codesFromReport`. */
export const codesFromReport: Command = {
  usage: USAGE,
  options: { workspace: { type: 'string' }, project: { type: 'string' } },
  required: ['workspace', 'project'],
  async run(ctx) {
    const w = await ctx.workspace(String(ctx.flags.workspace));
    const project = String(ctx.flags.project);
    await requireProject(ctx, w, project);
    const i = await checked('codes.fromReport', { workspace_id: w.id, project_id: project });
    const out = await (await ctx.services()).codes.fromReport(i.workspace_id, i.project_id);
    if (ctx.out.isJson) return ctx.out.json(out);
    const created = out.codes.filter((c) => c.created).length;
    ctx.out.line(
      `${plural(out.themes, 'theme')} → ${plural(out.codes.length, 'code')} (${created} new, ${out.codes.length - created} already in the codebook).`,
    );
    ctx.out.line(
      `${plural(out.coded, 'coding')} by "AI report" from ${plural(out.quotes, 'quote')}${out.replaced ? `, replacing ${out.replaced} from an earlier run` : ''}.`,
    );
    if (out.not_found.length === 0) ctx.out.line('Every quote was found in a saved transcript.');
    else {
      ctx.out.line(`${plural(out.not_found.length, 'quote')} not found in any saved transcript (sync, or the report paraphrased them):`);
      for (const n of out.not_found) ctx.out.line(`  ${clean(n.theme)}: “${clean(n.quote)}”`);
    }
    for (const s of out.skipped) ctx.out.line(`Skipped theme ${s.theme ? `"${clean(s.theme)}"` : '(untitled)'}: ${clean(s.reason)}`);
  },
};
