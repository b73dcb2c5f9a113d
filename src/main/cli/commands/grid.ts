import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { AppError } from '../../errors';
import { checked } from '../input';
import type { Command, Group } from '../types';
import { clean, plural } from '../output';

const USAGE = `Usage: fieldwork grid --workspace NAME --project ID [--by FIELD] --format csv|json --out FILE [--redact] [--json]

Writes the study's question × participant grid, offline, from the cache: one row per interview, one column
per question of the guide, each cell the participant's answer to it (follow-ups included). When Fieldwork
does not know the guide (the study was not created or edited in Fieldwork), the questions are inferred
from the transcripts: what the interviewer asked in most interviews, in the same order.
--by FIELD groups the rows by a participant field (for example plan) or a screener answer
(screener:QUESTION_ID), and fills each row's group.
--format csv: interview_id, participant ("Name (P07)", or the code "P07" without a name), status, group (with --by), then one column per
question; a cell holds the participant's turns for the question, joined with a blank line.
--format json: {questions: [{index, text, inferred}], rows: [{interview_id, participant, group,
cells: [{question_index, text, start_ms}]}]}.
--redact names each participant by their participant code ("P07") and replaces the study's accepted
redactions in every question, answer and group.
FILE is written whole or not at all, and replaced if it exists.`;

const grid: Command = {
  usage: USAGE,
  options: {
    workspace: { type: 'string' },
    project: { type: 'string' },
    by: { type: 'string' },
    format: { type: 'string' },
    out: { type: 'string' },
    redact: { type: 'boolean' },
  },
  required: ['workspace', 'project', 'format', 'out'],
  async run(ctx) {
    const format = String(ctx.flags.format).trim().toLowerCase();
    if (format !== 'csv' && format !== 'json') throw new AppError('usage', `--format must be csv or json, not "${clean(format)}".`, { usage: USAGE });
    const by = typeof ctx.flags.by === 'string' && ctx.flags.by.trim() !== '' ? ctx.flags.by.trim() : null;
    const w = await ctx.workspace(String(ctx.flags.workspace));
    const project = String(ctx.flags.project);
    // Before anything is built or written: a study that cannot be redacted gets no file.
    const s = await ctx.services();
    const redactor = ctx.flags.redact === true ? await s.exporter.redactor(w.id, project, true) : null;
    const i = await checked('grid.build', { workspace_id: w.id, project_id: project, by });
    const { grid: built, text, notes } = await s.grid.text(i.workspace_id, i.project_id, i.by, format, redactor);
    const out = resolve(String(ctx.flags.out));
    mkdirSync(dirname(out), { recursive: true });
    // Written beside, then moved into place: a reader never sees half a file.
    const temp = `${out}.${process.pid}.tmp`;
    try {
      writeFileSync(temp, text);
      renameSync(temp, out);
    } catch (e) {
      rmSync(temp, { force: true });
      throw new AppError('export_failed', `Could not write ${out}: ${(e as Error).message}. Check the folder exists and you may write there.`);
    }
    const bytes = Buffer.byteLength(text);
    const summary = {
      file: out,
      bytes,
      questions: built.questions.length,
      rows: built.rows.length,
      inferred: built.guide === 'inferred',
      unmatched_turns: built.unmatched.turns,
      ...(redactor?.active ? { redacted: true, notes } : {}),
    };
    if (ctx.out.isJson) return ctx.out.json(summary);
    ctx.out.line(
      `Wrote ${plural(built.rows.length, 'interview')} × ${plural(built.questions.length, 'question')}${redactor?.active ? ', redacted,' : ''} to ${out}${by ? `, grouped by ${clean(by)}` : ''}.`,
    );
    for (const n of notes) ctx.out.line(`Note: ${clean(n)}`);
    if (built.guide === 'inferred') ctx.out.line('The guide was inferred from the transcripts (Fieldwork does not know this study’s guide).');
    if (built.unmatched.turns > 0)
      ctx.out.line(
        `${plural(built.unmatched.turns, 'participant turn')} in ${plural(built.unmatched.interviews, 'interview')} came before any question and are not in the grid.`,
      );
  },
};

export const gridGroup: Group = {
  name: 'grid',
  usage: USAGE,
  commands: { '': grid },
};
