import type { RedactionFindingView, RedactionInterviewView, RedactionKind } from '../../../shared/ipc/channels/redaction';
import { findingJson } from '../../../shared/redaction/finding-json';
import { AppError } from '../../errors';
import { checked } from '../input';
import { requireProject } from '../project';
import type { Command, Ctx, Group } from '../types';
import { clean, clock, plural } from '../output';

const SCAN_USAGE = `Usage: fieldwork redact scan --workspace NAME --project ID [--json]

Scans a study for personal data, offline, from the cache: every interview's turns whatever its status, the
report's quotes, and every participant's fields. Finds each participant's own values (their name and its
parts, email, and fields that look personal), other people's names, emails, phone numbers, links, postcodes,
whole addresses, dates of birth, ID and account numbers, social handles and long numbers, and says what each
would become in a redacted export: the participant's code "P07", "[Person A]", "[email]", "[phone]", "[link]",
"[postcode]", "[address]", "[date of birth]", "[id number]", "[handle]", "[number]" ("[redacted]" for your
own terms). The same value
gets the same pseudonym across the whole study; the mapping stays on this computer, encrypted.
What the scan is unsure of is listed apart, as possible, with the reason ("also an ordinary word", "@word with
no platform named"): a redacted export leaves a possible value as written unless you accept it (Redact in
Analysis → Redaction); a value found surely anywhere in the study is replaced everywhere.
--json: [{interview_id, kind, text, start_ms, suggested, confidence, reason}]; interview_id is null for a
report quote, start_ms null for a participant field or a quote, confidence "sure" or "possible", reason null
unless possible.`;

const KIND_NAMES: Record<RedactionKind, string> = {
  participant: 'participant details',
  person: 'names of other people',
  email: 'emails',
  phone: 'phone numbers',
  url: 'links',
  postcode: 'postcodes',
  address: 'addresses',
  dob: 'dates of birth',
  id: 'ID and account numbers',
  handle: 'social handles',
  number: 'long numbers',
  custom: 'your own terms',
};

const scan: Command = {
  usage: SCAN_USAGE,
  options: { workspace: { type: 'string' }, project: { type: 'string' } },
  required: ['workspace', 'project'],
  async run(ctx) {
    const w = await ctx.workspace(String(ctx.flags.workspace));
    const i = await checked('redaction.scan', { workspace_id: w.id, project_id: String(ctx.flags.project) });
    const r = await (await ctx.services()).redaction.scan(i.workspace_id, i.project_id);
    if (r.warning) ctx.out.warn(r.warning);
    if (ctx.out.isJson) return ctx.out.json(r.findings.map(findingJson));
    const distinct = distinctValues(r.findings);
    ctx.out.line(
      `Found ${plural(r.findings.length, 'item')} of personal data (${plural(distinct.length, 'distinct value')}) in ${plural(r.interviews, 'interview')}.`,
    );
    const sure = distinct.filter((f) => !f.possible);
    for (const kind of Object.keys(KIND_NAMES) as RedactionKind[]) {
      const rows = sure.filter((f) => f.kind === kind);
      if (rows.length === 0) continue;
      ctx.out.line(`\n${KIND_NAMES[kind]}:`);
      for (const f of rows) ctx.out.line(`  ${valueLine(f)}`);
    }
    const possible = distinct.filter((f) => f.possible);
    if (possible.length === 0) return;
    ctx.out.line(`\nPossible (${plural(possible.length, 'value')} the scan is unsure of; left as written unless you accept them):`);
    for (const f of possible) ctx.out.line(`  ${KIND_ONE[f.kind]}: ${valueLine(f)}  (${clean(f.reason ?? 'unsure')})`);
  },
};

type Distinct = RedactionFindingView & { count: number; possible: boolean };

/** One row per kind and term, counted; possible only when every finding of it is (as the export decides). */
function distinctValues(findings: readonly RedactionFindingView[]): Distinct[] {
  const distinct = new Map<string, Distinct>();
  for (const f of findings) {
    const key = `${f.kind}\u0000${f.term}`;
    const seen = distinct.get(key);
    if (!seen) distinct.set(key, { ...f, count: 1, possible: f.confidence === 'possible' });
    else {
      seen.count++;
      if (f.confidence !== 'possible') seen.possible = false;
      else seen.reason ??= f.reason;
    }
  }
  return [...distinct.values()];
}

function valueLine(f: Distinct): string {
  const where = f.start_ms !== null ? ` first at ${clock(f.start_ms)}` : '';
  const decided = f.decision ? ` (${f.decision}ed)` : '';
  return `${clean(f.text)} → ${f.suggested}  ×${f.count}${where}${decided}`;
}

const KIND_ONE: Record<RedactionKind, string> = {
  participant: 'participant detail',
  person: 'name',
  email: 'email',
  phone: 'phone',
  url: 'link',
  postcode: 'postcode',
  address: 'address',
  dob: 'date of birth',
  id: 'ID number',
  handle: 'handle',
  number: 'number',
  custom: 'your term',
};

const REVIEWED_LINES = {
  reviewed: 'fieldwork redact reviewed --workspace NAME --project ID [--json]',
  'mark-reviewed': 'fieldwork redact mark-reviewed --workspace NAME --project ID --interview ID|CODE [--json]',
  'clear-reviewed': 'fieldwork redact clear-reviewed --workspace NAME --project ID --interview ID|CODE [--json]',
};
/** The reviewed marks' usage, the named command's line first (a usage error prints that one). */
const reviewedUsage = (first: keyof typeof REVIEWED_LINES) =>
  `Usage: ${[REVIEWED_LINES[first], ...Object.values(REVIEWED_LINES).filter((l) => l !== REVIEWED_LINES[first])].join('\n       ')}\n\n${REVIEWED_TEXT}`;
const REVIEWED_TEXT = `The Redaction review's "Reviewed" marks, per interview, offline, from the cache (the same marks as Analysis →
Redaction). \`reviewed\` lists every interview of the study by its participant code ("P07") with how many places
a redacted export replaces, how many possible ones nobody decided (left as written), how many you kept, and
whether you marked it reviewed; a mark says "changed" when what the scan finds there is not what it found when
you marked it (a sync, a new term). \`mark-reviewed\` marks one interview reviewed with what is found in it now;
\`clear-reviewed\` takes the mark away. --interview takes the interview's ID or its participant code.
--json: [{interview_id, code, replaced, possible_undecided, kept, reviewed_at, changed_since_review}] for
\`reviewed\`; the one interview's row for the other two.`;

const REVIEWED_OPTIONS: Command['options'] = { workspace: { type: 'string' }, project: { type: 'string' } };

function reviewedJson(r: RedactionInterviewView) {
  return {
    interview_id: r.interview_id,
    code: r.code,
    replaced: r.replaced,
    possible_undecided: r.possible_undecided,
    kept: r.kept,
    reviewed_at: r.reviewed_at,
    changed_since_review: r.changed_since_review,
  };
}

function reviewedLine(r: RedactionInterviewView, width: number): string {
  const mark = r.reviewed_at === null ? 'not reviewed' : `reviewed ${clean(r.reviewed_at)}${r.changed_since_review ? ' (changed since)' : ''}`;
  const counts = `${plural(r.replaced, 'place')} replaced, ${r.possible_undecided} possible undecided, ${r.kept} kept`;
  return `  ${r.code.padEnd(width)}  ${clean(r.interview_id)}  ${counts}  ${mark}`;
}

/** The study's interviews as the review lists them, after the CLI's "no such project" check. */
async function studyInterviews(ctx: Ctx): Promise<{ workspaceId: string; project: string; rows: RedactionInterviewView[] }> {
  const w = await ctx.workspace(String(ctx.flags.workspace));
  const project = String(ctx.flags.project).trim();
  await requireProject(ctx, w, project);
  const rows = await (await ctx.services()).review.interviews(w.id, project);
  return { workspaceId: w.id, project, rows };
}

const reviewed: Command = {
  usage: reviewedUsage('reviewed'),
  options: REVIEWED_OPTIONS,
  required: ['workspace', 'project'],
  async run(ctx) {
    const { project, rows } = await studyInterviews(ctx);
    if (ctx.out.isJson) return ctx.out.json(rows.map(reviewedJson));
    if (rows.length === 0) return ctx.out.line(`Project ${project} has no interviews in the saved data yet: sync it first.`);
    const marked = rows.filter((r) => r.reviewed_at !== null).length;
    ctx.out.line(`Redaction review of project ${project}: ${marked} of ${plural(rows.length, 'interview')} marked reviewed`);
    const width = Math.max(...rows.map((r) => r.code.length));
    for (const r of rows) ctx.out.line(reviewedLine(r, width));
  },
};

/** mark-reviewed and clear-reviewed: the same service call the app's "Mark this interview reviewed" makes. */
function setReviewed(mark: boolean): Command {
  return {
    usage: reviewedUsage(mark ? 'mark-reviewed' : 'clear-reviewed'),
    options: { ...REVIEWED_OPTIONS, interview: { type: 'string' } },
    required: ['workspace', 'project', 'interview'],
    async run(ctx) {
      const { workspaceId, project, rows } = await studyInterviews(ctx);
      const asked = String(ctx.flags.interview).trim();
      const row = rows.find((r) => r.interview_id === asked) ?? rows.find((r) => r.code.toLowerCase() === asked.toLowerCase());
      if (!row) {
        throw new AppError(
          'unknown_interview',
          `No interview "${clean(asked)}" in project ${project}'s saved data. Give an interview ID or participant code from \`fieldwork redact reviewed\`, or sync the study if it is new.`,
        );
      }
      const r = await (await ctx.services()).review.markReviewed(workspaceId, project, row.interview_id, mark);
      if (ctx.out.isJson) return ctx.out.json(reviewedJson(r));
      ctx.out.line(`${r.code} (${clean(r.interview_id)}): ${mark ? 'marked reviewed' : 'reviewed mark cleared'}.`);
      ctx.out.line(reviewedLine(r, r.code.length));
    },
  };
}

export const redactGroup: Group = {
  name: 'redact',
  usage: `${SCAN_USAGE.replace(/\n\n/, `\n       ${Object.values(REVIEWED_LINES).join('\n       ')}\n\n`)}\n\n${REVIEWED_TEXT}`,
  commands: { scan, reviewed, 'mark-reviewed': setReviewed(true), 'clear-reviewed': setReviewed(false) },
};
