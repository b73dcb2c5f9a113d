import type { CodeView } from '../../../shared/ipc/channels/codes';
import { checked } from '../input';
import type { Command, Group } from '../types';
import { requireProject } from '../project';
import { clean, clock, plural } from '../output';
import { codesFromReport } from './codes-from-report';

const LIST_USAGE = `Usage: fieldwork codes list --workspace NAME --project ID [--segments] [--json]

Lists the project's codebook: categories first, then codes, each with its colour, definition and how many
codings it has in how many interviews. With --segments, every segment coded with each code too. Offline
(reads the cache).
--json: [{name, description, color, parent, category, codings, interviews}], parent being the category's
name or null; with --segments each code also has segments: [{interview_id, coder, start_ms, end_ms, text}]
(text: exactly the coded words; coder: the researcher's name from the settings, else "You", for the
workspace's own codings, otherwise the imported coder's name or "AI report").`;

/** The fields `codes list --json` promises, in this order. */
const codeJson = (c: CodeView, byId: Map<string, CodeView>) => ({
  name: c.name,
  description: c.description,
  color: c.color,
  parent: c.parent_id ? (byId.get(c.parent_id)?.name ?? null) : null,
  category: c.is_category,
  codings: c.codings,
  interviews: c.interviews,
});

const list: Command = {
  usage: LIST_USAGE,
  options: { workspace: { type: 'string' }, project: { type: 'string' }, segments: { type: 'boolean' } },
  required: ['workspace', 'project'],
  async run(ctx) {
    const w = await ctx.workspace(String(ctx.flags.workspace));
    const project = String(ctx.flags.project);
    const s = await ctx.services();
    const i = await checked('codes.list', { workspace_id: w.id, project_id: project });
    const codes = await s.codes.list(i.workspace_id, i.project_id);
    if (codes.length === 0) await requireProject(ctx, w, project);
    const byId = new Map(codes.map((c) => [c.id, c]));
    const withSegments = ctx.flags.segments === true;
    const segmentsOf = async (c: CodeView) => (c.is_category ? [] : s.codes.allSegments(w.id, c.id));
    // Categories first, each followed by its codes; then the codes in no category.
    const ordered = [
      ...codes.filter((c) => c.is_category).flatMap((cat) => [cat, ...codes.filter((c) => c.parent_id === cat.id)]),
      ...codes.filter((c) => !c.is_category && (!c.parent_id || !byId.get(c.parent_id))),
    ];
    if (ctx.out.isJson) {
      const out = [];
      for (const c of ordered) {
        const base = codeJson(c, byId);
        if (!withSegments) out.push(base);
        else
          out.push({
            ...base,
            segments: (await segmentsOf(c)).map((s) => ({
              interview_id: s.interview_id,
              coder: s.coder_label,
              start_ms: s.start_ms,
              end_ms: s.end_ms,
              text: s.text,
            })),
          });
      }
      return ctx.out.json(out);
    }
    if (codes.length === 0)
      return ctx.out.line(`Project ${project} has no codes yet: code segments in the app's interview viewer, or add codes in Analysis → Codes.`);
    const count = codes.filter((c) => !c.is_category).length;
    const cats = codes.length - count;
    ctx.out.line(`Codebook of project ${project}: ${plural(count, 'code')}${cats ? `, ${plural(cats, 'category', 'categories')}` : ''}`);
    for (const c of ordered) {
      const indent = c.parent_id && byId.get(c.parent_id) ? '    ' : '  ';
      if (c.is_category) {
        ctx.out.line(`${indent}${clean(c.name)} (category)${c.description.trim() ? `: ${clean(c.description)}` : ''}`);
        continue;
      }
      const counts = `${plural(c.codings, 'coding')} in ${plural(c.interviews, 'interview')}`;
      ctx.out.line(`${indent}${clean(c.name)}  ${c.color}  ${counts}${c.description.trim() ? ` · ${clean(c.description)}` : ''}`);
      if (!withSegments) continue;
      for (const s of await segmentsOf(c)) {
        const at = s.start_ms === null ? 'time unknown' : clock(s.start_ms);
        ctx.out.line(`${indent}  ${clean(s.participant)} ${at} (${clean(s.coder_label)}): “${clean(s.text)}”`);
      }
    }
  },
};

export const codesGroup: Group = {
  name: 'codes',
  usage: `Usage: fieldwork codes <command> --workspace NAME --project ID [--json]

  list [--segments]     the codebook with counts; --segments adds every coded segment (offline)
  from-report           turn the latest report's themes into codes, its quotes into codings by "AI report"`,
  commands: { list, 'from-report': codesFromReport },
};
