import type { ReportDiffView, ReportPollView, ReportVersionView } from '../../../shared/ipc/channels/reports';
import { AppError } from '../../errors';
import type { Services } from '../../services';
import { checked } from '../input';
import type { Command, Ctx, Group } from '../types';
import { hasProject, requireProject } from '../project';
import { clean, plural } from '../output';

const START_USAGE = `Usage: fieldwork report start --workspace NAME --project ID [--wait] [--json]

Starts a new AI report for the project (it replaces the previous one). With --wait, polls the service
(about every 10 s) until the report is COMPLETED or FAILED or the deadline passes, then prints its
summary and themes; exits 1 when it failed or was not ready in time.`;
const STATUS_USAGE = `Usage: fieldwork report status --workspace NAME --project ID [--json]

Prints the report as last cached (summary, themes, quotes) and the state of the latest poll. Offline.`;
const VERSIONS_USAGE = `Usage: fieldwork report versions --workspace NAME --project ID [--json]

Lists every report Fieldwork has kept for the project, newest first: the service keeps only its latest
report, Fieldwork keeps each one a sync or a poll has seen. Offline (reads the cache).
--json: [{id, report_id, generated_at, interviews_analysed, themes}], themes being the number of themes.`;
const DIFF_USAGE = `Usage: fieldwork report diff --workspace NAME --project ID --from ID --to ID [--json]

Compares two kept versions of the project's report (ids from \`fieldwork report versions\`): themes added,
removed and reworded, frequency changes in percentage points, and quotes gained and lost. Offline.`;
const OPTIONS = { workspace: { type: 'string' }, project: { type: 'string' } } as const;

function printPoll(ctx: Ctx, poll: ReportPollView): void {
  if (!poll) return ctx.out.line('Poll: none started from Fieldwork.');
  const err = poll.last_error ? `; last error: ${clean(poll.last_error)}` : '';
  ctx.out.line(`Poll: ${poll.state}, ${plural(poll.attempts, 'check')} since ${poll.started_at} (deadline ${poll.deadline_at})${err}.`);
  if (poll.state === 'polling') ctx.out.line('The app checks it while it runs; `fieldwork sync` fetches the latest report into the cache.');
}

type CachedReport = Awaited<ReturnType<Services['reports']['cached']>>;
type ReportPoll = NonNullable<ReportPollView>;

function printReport(ctx: Ctx, r: CachedReport): void {
  if (!r) return ctx.out.line('No report in the offline cache yet.');
  const facts = [
    r.status,
    r.interviews_analysed !== null ? `${plural(r.interviews_analysed, 'interview')} analysed` : null,
    r.generated_at ? `generated ${r.generated_at}` : null,
  ];
  ctx.out.line(`Report ${r.report_id ?? ''}: ${facts.filter(Boolean).join(' · ')}`.replace('Report :', 'Report:'));
  if (r.summary) ctx.out.line(`\nSummary: ${clean(r.summary)}`);
  if (r.themes.length === 0) return;
  ctx.out.line('\nThemes:');
  r.themes.forEach((t, i) => {
    ctx.out.line(`  ${i + 1}. ${clean(t.title)} (${Math.round(t.frequency * 100)}%)`);
    if (t.summary) ctx.out.line(`     ${clean(t.summary)}`);
    for (const q of t.quotes.slice(0, 2)) ctx.out.line(`     “${clean(q)}”`);
  });
}

async function target(ctx: Ctx) {
  const w = await ctx.workspace(String(ctx.flags.workspace));
  return { w, project: String(ctx.flags.project), services: await ctx.services() };
}

/**
 * Waits while the core's poller checks the report (about every 10 s) until the poll this run started
 * is done or its deadline has passed, reading the poll state from the cache once a second. If another
 * report is started meanwhile (from the app, say), this one was replaced, and the wait ends.
 */
function waitFor(ctx: Ctx, t: Awaited<ReturnType<typeof target>>, mine: ReportPoll): Promise<ReportPoll['state']> {
  const bar = ctx.out.progress();
  const begun = Date.now();
  const giveUp = Date.parse(mine.deadline_at) + 30_000;
  const check = async (): Promise<ReportPoll['state'] | null> => {
    const p = await t.services.reports.poll(t.w.id, t.project);
    if (!p || p.started_at !== mine.started_at) return 'timed_out';
    return p.state === 'polling' ? null : p.state;
  };
  return new Promise((resolve, reject) => {
    let busy = false;
    const end = (fn: () => void) => {
      clearInterval(timer);
      bar.clear();
      fn();
    };
    // A referenced timer: it also keeps the process alive, which the poller's own timers do not.
    const timer = setInterval(() => {
      bar.update(`Waiting for the report (${Math.round((Date.now() - begun) / 1000)} s)`, 0, null);
      if (busy) return;
      busy = true;
      check().then(
        (state) => {
          busy = false;
          if (state) end(() => resolve(state));
          else if (Date.now() > giveUp) end(() => resolve('timed_out'));
        },
        (e: unknown) => end(() => reject(e)),
      );
    }, 1000);
  });
}

const start: Command = {
  usage: START_USAGE,
  options: { ...OPTIONS, wait: { type: 'boolean' } },
  required: ['workspace', 'project'],
  async run(ctx) {
    const t = await target(ctx);
    // A workspace that has never synced this study has nowhere to keep its report: sync it first (the
    // report is stored beside the study), and say so, rather than wait on a poll that cannot finish.
    if (!(await hasProject(ctx, t.w, t.project))) {
      ctx.out.warn(`Project ${t.project} is not in the offline cache of "${clean(t.w.name)}" yet; syncing it first.`);
      await t.services.sync.run(t.w.id, [t.project]);
      await requireProject(ctx, t.w, t.project);
    }
    // The report service, as the reports.start handler uses it: the poll record this run follows.
    const mine = await t.services.reports.start(t.w.id, t.project);
    if (ctx.flags.wait !== true) {
      if (ctx.out.isJson) return ctx.out.json({ project_id: t.project, poll: mine });
      ctx.out.line(`Started a new report for project ${t.project}; it takes a minute or two. To see it, run`);
      return ctx.out.line(`\`fieldwork sync --workspace "${t.w.name}" --project ${t.project}\` then \`fieldwork report status …\`, or start it with --wait.`);
    }
    // Said once, on stderr, even when no progress bar can be drawn (piped output): never a silent wait.
    ctx.out.warn(`Waiting for the report: the service takes about 1 to 3 minutes; Fieldwork checks every 10 s until ${mine.deadline_at}.`);
    const state = await waitFor(ctx, t, mine);
    const report = await t.services.reports.cached(t.w.id, t.project);
    const i = await checked('reports.poll', { workspace_id: t.w.id, project_id: t.project });
    const final = await t.services.reports.poll(i.workspace_id, i.project_id);
    if (ctx.out.isJson) ctx.out.json({ project_id: t.project, state, poll: final, report });
    else printReport(ctx, report);
    if (state === 'completed') return 0;
    ctx.out.warn(
      state === 'failed'
        ? `The report failed${final?.last_error ? `: ${clean(final.last_error)}` : '.'} Start it again later.`
        : `The report was not ready by the deadline. Check it later with \`fieldwork report status --workspace "${t.w.name}" --project ${t.project}\`.`,
    );
    return 1;
  },
};

const status: Command = {
  usage: STATUS_USAGE,
  options: OPTIONS,
  required: ['workspace', 'project'],
  async run(ctx) {
    const t = await target(ctx);
    const report = await t.services.reports.cached(t.w.id, t.project);
    const i = await checked('reports.poll', { workspace_id: t.w.id, project_id: t.project });
    const poll = await t.services.reports.poll(i.workspace_id, i.project_id);
    if (!report && !poll) await requireProject(ctx, t.w, t.project);
    if (ctx.out.isJson) return ctx.out.json({ project_id: t.project, poll, report });
    printPoll(ctx, poll);
    printReport(ctx, report);
  },
};

/** A version id from --from or --to: a whole number from 1. */
function versionFlag(ctx: Ctx, name: 'from' | 'to'): number {
  const raw = String(ctx.flags[name]).trim();
  const n = /^[0-9]{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) {
    throw new AppError('usage', `--${name} must be a report version id (a whole number) from \`fieldwork report versions\`.`, { usage: DIFF_USAGE });
  }
  return n;
}

/** The fields `report versions --json` promises, in this order, and nothing else. */
const versionJson = (v: ReportVersionView) => ({
  id: v.id,
  report_id: v.report_id,
  generated_at: v.generated_at,
  interviews_analysed: v.interviews_analysed,
  themes: v.themes,
});

function versionFacts(v: ReportVersionView): string {
  const facts = [
    v.report_id ? `report ${clean(v.report_id)}` : null,
    v.generated_at ? `generated ${clean(v.generated_at)}` : null,
    v.interviews_analysed !== null ? `${plural(v.interviews_analysed, 'interview')} analysed` : null,
    plural(v.themes, 'theme'),
    `seen ${clean(v.seen_at)}`,
  ];
  return `#${v.id}: ${facts.filter(Boolean).join(' · ')}`;
}

const pctText = (n: number) => `${n}%`;
const pointsText = (n: number) => `${n > 0 ? '+' : ''}${n} point${Math.abs(n) === 1 ? '' : 's'}`;

function printDiff(ctx: Ctx, d: ReportDiffView): void {
  ctx.out.line(`From ${versionFacts(d.from)}`);
  ctx.out.line(`To   ${versionFacts(d.to)}`);
  ctx.out.line(`\nSummary: ${d.summary_changed ? 'changed' : 'unchanged'}.`);
  const none = [d.added, d.removed, d.reworded, d.frequency_changes, d.quotes].every((l) => l.length === 0);
  if (none) return ctx.out.line('No changes in the themes.');
  if (d.added.length > 0) {
    ctx.out.line(`\nThemes added (${d.added.length}):`);
    for (const t of d.added) ctx.out.line(`  + ${clean(t.title)} (${pctText(t.frequency_pct)})`);
  }
  if (d.removed.length > 0) {
    ctx.out.line(`\nThemes removed (${d.removed.length}):`);
    for (const t of d.removed) ctx.out.line(`  - ${clean(t.title)} (${pctText(t.frequency_pct)})`);
  }
  if (d.reworded.length > 0) {
    ctx.out.line(`\nThemes reworded (${d.reworded.length}):`);
    for (const r of d.reworded) ctx.out.line(`  ~ ${clean(r.from_title)} → ${clean(r.to_title)}`);
  }
  if (d.frequency_changes.length > 0) {
    ctx.out.line(`\nFrequency changes (${d.frequency_changes.length}):`);
    for (const f of d.frequency_changes) ctx.out.line(`  ${clean(f.title)}: ${pctText(f.from_pct)} → ${pctText(f.to_pct)} (${pointsText(f.change_points)})`);
  }
  if (d.quotes.length > 0) {
    ctx.out.line('\nQuotes gained and lost:');
    for (const q of d.quotes) {
      ctx.out.line(`  ${clean(q.title)}: ${q.gained.length} gained, ${q.lost.length} lost`);
      for (const g of q.gained) ctx.out.line(`    + “${clean(g)}”`);
      for (const l of q.lost) ctx.out.line(`    - “${clean(l)}”`);
    }
  }
}

const versions: Command = {
  usage: VERSIONS_USAGE,
  options: OPTIONS,
  required: ['workspace', 'project'],
  async run(ctx) {
    const t = await target(ctx);
    const i = await checked('reports.versions', { workspace_id: t.w.id, project_id: t.project });
    const list = await t.services.reports.versions(i.workspace_id, i.project_id);
    if (list.length === 0) await requireProject(ctx, t.w, t.project);
    if (ctx.out.isJson) return ctx.out.json(list.map(versionJson));
    if (list.length === 0) return ctx.out.line('No report versions kept for this project yet: `fieldwork sync` keeps each report it fetches.');
    ctx.out.line(`${plural(list.length, 'report version')} of project ${t.project}, newest first:`);
    for (const v of list) ctx.out.line(`  ${versionFacts(v)}`);
  },
};

const diff: Command = {
  usage: DIFF_USAGE,
  options: { ...OPTIONS, from: { type: 'string' }, to: { type: 'string' } },
  required: ['workspace', 'project', 'from', 'to'],
  async run(ctx) {
    const [fromId, toId] = [versionFlag(ctx, 'from'), versionFlag(ctx, 'to')];
    const t = await target(ctx);
    const i = await checked('reports.diff', { workspace_id: t.w.id, project_id: t.project, from_id: fromId, to_id: toId });
    const d = await t.services.reports.diff(i.workspace_id, i.project_id, i.from_id, i.to_id);
    if (ctx.out.isJson) {
      const { from, to, ...rest } = d;
      return ctx.out.json({ ...rest, from: versionJson(from), to: versionJson(to) });
    }
    printDiff(ctx, d);
  },
};

export const reportGroup: Group = {
  name: 'report',
  usage: `Usage: fieldwork report <start|status|versions|diff> --workspace NAME --project ID [--wait] [--from ID --to ID] [--json]

  start [--wait]        start a new report (the explicit action); --wait polls until it is done
  status                the cached report and the state of its poll (offline)
  versions              every report Fieldwork has kept for the project, newest first (offline)
  diff --from ID --to ID  what changed between two kept versions (offline)`,
  commands: { start, status, versions, diff },
};
