import type { Statistic } from '../../../shared/analysis/agreement-stats';
import { AppError } from '../../errors';
import { checked } from '../input';
import type { Command, Group } from '../types';
import { requireProject } from '../project';
import { clean, plural } from '../output';

const USAGE = `Usage: fieldwork agreement --workspace NAME --project ID --coders A,B [--json]

Agreement per code between two coders of the study, offline: the unit is a transcript turn (a code applies
to a turn when any of a coder's codings of it overlaps the turn), over every turn of the interviews both
coders coded. Prints the turns compared, percent agreement, Cohen's κ and Krippendorff's α (nominal), or
"—" with the reason where a statistic is undefined.
Coders are named as the app shows them, ignoring case: "AI report", an imported coder's name, and the
researcher by the name in Settings, or "you" / "me".
--json: [{code, units, percent, kappa, alpha}], percent from 0 to 100, null where undefined.`;

const num = (s: Statistic, digits: number) => (s.value === null ? '—' : s.value.toFixed(digits));

const agreement: Command = {
  usage: USAGE,
  options: { workspace: { type: 'string' }, project: { type: 'string' }, coders: { type: 'string' } },
  required: ['workspace', 'project', 'coders'],
  async run(ctx) {
    const names = String(ctx.flags.coders)
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean);
    if (names.length !== 2)
      throw new AppError('usage', '--coders takes two coder names separated by a comma, for example --coders you,"AI report".', { usage: USAGE });
    const w = await ctx.workspace(String(ctx.flags.workspace));
    const project = String(ctx.flags.project);
    await requireProject(ctx, w, project);
    const s = await ctx.services();
    const known = await checked('agreement.coders', { workspace_id: w.id, project_id: project });
    const [a, b] = (await s.agreement.resolve(known.workspace_id, known.project_id, names)) as [string | null, string | null];
    const i = await checked('agreement.compare', { workspace_id: w.id, project_id: project, coder_a: a, coder_b: b });
    const r = await s.agreement.compare(i.workspace_id, i.project_id, i.coder_a, i.coder_b);
    if (ctx.out.isJson)
      return ctx.out.json(r.codes.map((c) => ({ code: c.code, units: c.units, percent: c.percent.value, kappa: c.kappa.value, alpha: c.alpha.value })));
    ctx.out.line(`${clean(r.coder_a.label)} against ${clean(r.coder_b.label)}: ${plural(r.interviews, 'interview')} coded by both.`);
    if (r.excluded.length) ctx.out.line(`${plural(r.excluded.length, 'interview')} coded by only one of them left out.`);
    if (r.codes.length === 0) return ctx.out.line('Neither coder has applied any code yet.');
    const width = Math.max(4, ...r.codes.map((c) => clean(c.code).length));
    ctx.out.line(`\n${'Code'.padEnd(width)}  ${'Turns'.padStart(6)}  ${'%'.padStart(6)}  ${'κ'.padStart(6)}  ${'α'.padStart(6)}  Disagreements`);
    const reasons: string[] = [];
    for (const c of r.codes) {
      const pct = c.percent.value === null ? '—' : `${c.percent.value.toFixed(1)}`;
      ctx.out.line(
        `${clean(c.code).padEnd(width)}  ${String(c.units).padStart(6)}  ${pct.padStart(6)}  ${num(c.kappa, 3).padStart(6)}  ${num(c.alpha, 3).padStart(6)}  ${c.disagreement_count}`,
      );
      const why = c.kappa.reason ?? c.alpha.reason ?? c.percent.reason;
      if (why) reasons.push(`  ${clean(c.code)}: ${clean(why)}`);
    }
    if (reasons.length) ctx.out.line(`\nWhere a statistic is "—":\n${reasons.join('\n')}`);
  },
};

export const agreementGroup: Group = {
  name: 'agreement',
  usage: USAGE,
  commands: { '': agreement },
};
