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
--json: [{interview_id, kind, text, start_ms, suggested}]; interview_id is null for a report quote, start_ms
null for a participant field or a quote.`;

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
    const distinct = new Map<string, RedactionFindingView & { count: number }>();
    for (const f of r.findings) {
      const key = `${f.kind}\u0000${f.term}`;
      const seen = distinct.get(key);
      if (seen) seen.count++;
      else distinct.set(key, { ...f, count: 1 });
    }
    ctx.out.line(
      `Found ${plural(r.findings.length, 'item')} of personal data (${plural(distinct.size, 'distinct value')}) in ${plural(r.interviews, 'interview')}.`,
    );
    for (const kind of Object.keys(KIND_NAMES) as RedactionKind[]) {
      const rows = [...distinct.values()].filter((f) => f.kind === kind);
      if (rows.length === 0) continue;
      ctx.out.line(`\n${KIND_NAMES[kind]}:`);
      for (const f of rows) {
        const where = f.start_ms !== null ? ` first at ${clock(f.start_ms)}` : '';
        const decided = f.decision ? ` (${f.decision}ed)` : '';
        ctx.out.line(`  ${clean(f.text)} → ${f.suggested}  ×${f.count}${where}${decided}`);
      }
    }
  },
};

export const redactGroup: Group = {
  name: 'redact',
  usage: SCAN_USAGE,
  commands: { scan },
};
