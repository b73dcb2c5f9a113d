import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { AppError } from '../../errors';
import { safeFileName } from '../../output/file-names';
import { EXPORT_FORMATS, type ExportFormat } from '../../../shared/exports';
import type { SpeakerLabels } from '../../services';
import type { Command, Ctx, Group } from '../types';
import { noSuchProject } from '../project';
import { clean, mb, plural } from '../output';

const USAGE = `Usage: fieldwork export --workspace NAME --project ID [--interview ID …] --format LIST --out DIR
                        [--zip] [--include-participant] [--redact] [--crlf] [--labels interviewer|ai|name] [--bom]
                        [--participant-key] [--json]

Exports from the offline cache (no network needed). --format is a comma-separated list of
${EXPORT_FORMATS.join(', ')}. Transcripts go to DIR/<study>/<format>/, one file per interview; qdpx is one
REFI-QDA project (NVivo, MAXQDA, ATLAS.ti, QualCoder) with the report's themes and your highlights as codes.
--interview (repeatable) exports only those interviews. --zip writes one DIR/<study>.zip instead of files.
Every file names an interview by its participant code ("P07", see \`fieldwork participants\`); with
--include-participant the name is shown and the code kept beside it ("Ana Souza (P07)").
Participant names, emails, custom fields and screener answers are left out unless --include-participant.
--participant-key also writes DIR/<study>/participant-key.csv (interview_id, code, name, email): who each
code is. It is refused with --redact: a redacted export never holds the key.
--redact writes every file redacted: each participant is named by their participant code ("P07") in
every label, file name and field that would show a name (--labels name included), the study's accepted
findings (names, emails, phone numbers…) are replaced in all text, and personal participant fields are
left out. The summary says the export is redacted.
Existing files are never overwritten: a new name gets " (2)". Line endings are LF unless --crlf.
--labels names speakers Interviewer/Participant (default), AI/User, or by the participant's name.
--bom starts CSV files with a byte order mark, for Excel. report-pdf prints the HTML report with a
headless Chromium, Google Chrome or Edge (FIELDWORK_CHROMIUM=path picks one).`;

function formats(ctx: Ctx): ExportFormat[] {
  const list = String(ctx.flags.format)
    .split(',')
    .map((f) => f.trim().toLowerCase())
    .filter(Boolean);
  const unknown = list.filter((f) => !(EXPORT_FORMATS as readonly string[]).includes(f));
  if (unknown.length || list.length === 0) {
    throw new AppError(
      'usage',
      `Unknown format ${unknown.map((f) => `"${clean(f)}"`).join(', ') || '(none given)'}. Choose from ${EXPORT_FORMATS.join(', ')}.`,
      { usage: USAGE },
    );
  }
  return [...new Set(list)] as ExportFormat[];
}

const LABELS = { interviewer: 'interviewer-participant', ai: 'ai-user', name: 'name' } as const;

function labels(ctx: Ctx): SpeakerLabels {
  const raw = ctx.flags.labels === undefined ? 'interviewer' : String(ctx.flags.labels).trim().toLowerCase();
  const found = Object.entries(LABELS).find(([k]) => k === raw);
  if (!found) throw new AppError('usage', `Unknown --labels "${clean(raw)}". Choose interviewer, ai or name.`, { usage: USAGE });
  return found[1];
}

const exportCommand: Command = {
  usage: USAGE,
  options: {
    workspace: { type: 'string' },
    project: { type: 'string' },
    interview: { type: 'string', multiple: true },
    format: { type: 'string' },
    out: { type: 'string' },
    zip: { type: 'boolean' },
    'include-participant': { type: 'boolean' },
    redact: { type: 'boolean' },
    crlf: { type: 'boolean' },
    labels: { type: 'string' },
    bom: { type: 'boolean' },
    'participant-key': { type: 'boolean' },
  },
  required: ['workspace', 'project', 'format', 'out'],
  async run(ctx) {
    const w = await ctx.workspace(String(ctx.flags.workspace));
    const projectId = String(ctx.flags.project);
    const list = formats(ctx);
    const out = resolve(String(ctx.flags.out));
    const ids = Array.isArray(ctx.flags.interview) ? ctx.flags.interview.flatMap((s) => s.split(',')).filter(Boolean) : null;
    const s = await ctx.services();
    // Loaded when an export runs, so `fieldwork --help` and other commands start without it.
    const { chromiumPrintToPdf } = await import('../../desktop/chromium-pdf');
    const study = await s.exporter.local(w.id, projectId);
    if (!study) throw noSuchProject(w, projectId);
    const { project } = study;
    // A .zip named after the study, made safe for any file system; the sink never overwrites one.
    const target = ctx.flags.zip
      ? { kind: 'zip' as const, file: resolve(out, safeFileName(project.title, { ext: 'zip', fallback: 'fieldwork-export' })) }
      : { kind: 'folder' as const, folder: out };
    // Before anything is written: a study that cannot be redacted exports nothing.
    const redactor = ctx.flags.redact === true ? await s.exporter.redactor(w.id, projectId, true) : undefined;
    // Like `mkdir -p`: naming a new folder for the export is the common case.
    mkdirSync(out, { recursive: true });
    const bar = ctx.out.progress();
    let outcome;
    try {
      outcome = await study.run({
        formats: list,
        interviewIds: ids,
        target,
        includeParticipant: ctx.flags['include-participant'] === true,
        lineEnding: ctx.flags.crlf ? 'crlf' : 'lf',
        speakerLabels: labels(ctx),
        bom: ctx.flags.bom === true,
        participantKey: ctx.flags['participant-key'] === true,
        ...(redactor ? { redactor } : {}),
        // No Electron here: the PDF is printed by a headless Chromium, Chrome or Edge if one is installed.
        printPdf: (html, signal) => chromiumPrintToPdf(html, signal ? { signal } : {}),
        user: { id: w.id, name: w.name },
        onProgress: (p) => bar.update('Exporting', p.filesDone, p.filesTotal ?? 0),
      });
    } finally {
      bar.clear();
    }
    const { result, notes } = outcome;
    if (ctx.out.isJson) {
      ctx.out.json({ location: result.location, files: result.files, bytes: result.bytes, redacted: redactor?.active === true, notes });
    } else {
      ctx.out.line(`Exported ${plural(result.files.length, 'file')} (${mb(result.bytes)})${redactor?.active ? ', redacted,' : ''} to ${result.location}.`);
      for (const n of notes) ctx.out.line(`Note: ${clean(n)}`);
    }
  },
};

export const exportGroup: Group = {
  name: 'export',
  usage: USAGE,
  commands: { '': exportCommand },
};
