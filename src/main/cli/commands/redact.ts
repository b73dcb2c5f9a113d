import type { RedactionFindingView, RedactionKind } from '../../../shared/ipc/channels/redaction';
import { findingJson } from '../../../shared/redaction/finding-json';
import { checked } from '../input';
import type { Command, Group } from '../types';
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

export const redactGroup: Group = {
  name: 'redact',
  usage: SCAN_USAGE,
  commands: { scan },
};
