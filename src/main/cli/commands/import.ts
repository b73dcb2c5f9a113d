import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { QdpxImportReport } from '../../../shared/ipc/channels/imports';
import { AppError } from '../../errors';
import { checked } from '../input';
import type { Command, Group } from '../types';
import { clean, plural } from '../output';

const QDPX_USAGE = `Usage: fieldwork import qdpx --workspace NAME --project ID --coder NAME FILE [--json]

Imports a REFI-QDA project (.qdpx) or codebook (.qdc) from NVivo, MAXQDA, ATLAS.ti or QualCoder into the
study, as the coder NAME: its codes (merged with codes of the same name, in any case) and its codings on
the interviews' transcripts. Sources are matched to interviews by the GUIDs Fieldwork wrote, else by
name, else by the transcript's words. Offline (reads and writes the cache). Importing a file again adds
nothing new. --json prints the report described in docs/cli.md.`;

function printReport(out: { line(s: string): void }, r: QdpxImportReport): void {
  const origin = r.origin ? ` written by ${clean(r.origin)}` : '';
  out.line(`Imported ${r.file_kind === 'codebook' ? 'a codebook' : 'a project'}${origin} as the coder "${clean(r.coder)}".`);
  const matched = r.sources.filter((s) => s.interview_id);
  if (r.file_kind === 'project') {
    out.line(`Sources: ${matched.length} of ${r.sources.length} matched an interview.`);
    for (const s of r.sources) {
      const where = s.interview_id
        ? `→ ${s.interview_id}${s.participant ? ` (${clean(s.participant)})` : ''}, by ${s.matched_by}; ${s.imported} of ${plural(s.codings, 'coding')} imported`
        : `not matched: ${clean(s.reason ?? '')}`;
      out.line(`  ${clean(s.name) || s.guid}: ${where}`);
      for (const u of s.interview_id ? s.unmatched : []) out.line(`    - "${clean(u.selection)}" (${u.codes.map(clean).join(', ')}): ${clean(u.reason)}`);
    }
    const c = r.codings;
    out.line(
      `Codings: ${c.imported} of ${c.found} imported${c.already_there ? `, ${c.already_there} already there` : ''}${c.duplicates ? ` (${c.duplicates} time span${c.duplicates === 1 ? '' : 's'} repeating a text coding)` : ''}; ${c.unmatched} not imported.`,
    );
  }
  const k = r.codes;
  out.line(
    `Codes: ${k.created.length} created, ${k.merged.length} merged with codes already in the study, ${plural(k.categories.length, 'category', 'categories')} created.`,
  );
  if (k.created.length) out.line(`  Created: ${k.created.map(clean).join(', ')}`);
  if (k.merged.length) out.line(`  Merged: ${k.merged.map(clean).join(', ')}`);
  for (const s of k.skipped) out.line(`  Skipped ${clean(s.name)}: ${clean(s.reason)}`);
  for (const n of r.notes) out.line(`Note: ${clean(n)}`);
}

const qdpx: Command = {
  usage: QDPX_USAGE,
  options: { workspace: { type: 'string' }, project: { type: 'string' }, coder: { type: 'string' } },
  required: ['workspace', 'project', 'coder'],
  words: 'FILE',
  async run(ctx) {
    if (ctx.words.length !== 1) throw new AppError('usage', 'Name one .qdpx or .qdc file to import.', { usage: QDPX_USAGE });
    const file = resolve(ctx.words[0]!);
    if (!existsSync(file)) throw new AppError('usage', `No file at ${clean(file)}.`, { usage: QDPX_USAGE });
    const w = await ctx.workspace(String(ctx.flags.workspace));
    // The command line is the researcher: the file they named counts as picked, and goes through the same channel as the app's.
    const s = await ctx.services();
    const token = s.imports.pick(file);
    const i = await checked('imports.qdpx', {
      workspace_id: w.id,
      project_id: String(ctx.flags.project),
      file_token: token,
      coder: String(ctx.flags.coder),
    });
    const report = await s.imports.qdpx(i.workspace_id, i.project_id, i.file_token, i.coder);
    if (ctx.out.isJson) return ctx.out.json(report);
    printReport(ctx.out, report);
  },
};

export const importGroup: Group = {
  name: 'import',
  usage: 'Usage: fieldwork import qdpx --workspace NAME --project ID --coder NAME FILE [--json]',
  commands: { qdpx },
};
