import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { HighlightView } from '../../../shared/ipc/channels/cache-domains';
import type { InterviewDetail } from '../../../shared/ipc/channels/views';
import { AppError } from '../../errors';
import { safeFileName } from '../../exports/file-names';
import { EXPORT_FORMATS, runExport, type ExportFormat, type ExportSource } from '../../exports/run-export';
import type { Command, Ctx, Group } from '../index';
import { clean, mb, plural } from '../output';

const USAGE = `Usage: fieldwork export --workspace NAME --project ID [--interview ID …] --format LIST --out DIR
                        [--zip] [--include-participant] [--crlf] [--json]

Exports from the offline cache (no network needed). --format is a comma-separated list of
${EXPORT_FORMATS.join(', ')}. Transcripts go to DIR/<study>/<format>/, one file per interview; qdpx is one
REFI-QDA project (NVivo, MAXQDA, ATLAS.ti, QualCoder) with the report's themes and your highlights as codes.
--interview (repeatable) exports only those interviews. --zip writes one DIR/<study>.zip instead of files.
Participant names, emails, custom fields and screener answers are left out unless --include-participant.
Existing files are never overwritten: a new name gets " (2)". Line endings are LF unless --crlf.`;

function formats(ctx: Ctx): ExportFormat[] {
  const list = String(ctx.flags.format)
    .split(',')
    .map((f) => f.trim().toLowerCase())
    .filter(Boolean);
  const unknown = list.filter((f) => !(EXPORT_FORMATS as readonly string[]).includes(f));
  if (unknown.length || list.length === 0) {
    throw new AppError('usage', `Unknown format ${unknown.map((f) => `"${clean(f)}"`).join(', ') || '(none given)'}. Choose from ${EXPORT_FORMATS.join(', ')}.`, { usage: USAGE });
  }
  return [...new Set(list)] as ExportFormat[];
}

/** The cache through the same handlers the app uses, so the CLI exports exactly what the app shows. */
function cacheSource(ctx: Ctx, workspaceId: string, projectId: string): ExportSource {
  return {
    project: () => ctx.call('projects.get', { workspace_id: workspaceId, project_id: projectId }),
    interviews: async (ids) => {
      const rows = (await ctx.call('interviews.list', { workspace_id: workspaceId, project_id: projectId, limit: 10_000 })).items;
      const wanted = ids ? rows.filter((r) => ids.includes(r.id)) : rows;
      const details: InterviewDetail[] = [];
      for (const r of wanted) {
        const d = await ctx.call('interviews.get', { workspace_id: workspaceId, interview_id: r.id });
        if (d) details.push(d);
      }
      return details;
    },
    highlights: (): Promise<HighlightView[]> => ctx.call('highlights.list', { workspace_id: workspaceId, project_id: projectId }),
    locateQuote: (quote) => ctx.call('search.locateQuote', { workspace_id: workspaceId, project_id: projectId, quote: quote.slice(0, 2000) }),
    videoFile: async (interviewId) => {
      const v = await (await ctx.runtime(workspaceId)).cache.call('videos.get', { interviewId });
      return v?.state === 'complete' ? v.file : null;
    },
  };
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
    crlf: { type: 'boolean' },
  },
  required: ['workspace', 'project', 'format', 'out'],
  async run(ctx) {
    const w = await ctx.workspace(String(ctx.flags.workspace));
    const projectId = String(ctx.flags.project);
    const list = formats(ctx);
    const out = resolve(String(ctx.flags.out));
    const ids = Array.isArray(ctx.flags.interview) ? ctx.flags.interview.flatMap((s) => s.split(',')).filter(Boolean) : null;
    const source = cacheSource(ctx, w.id, projectId);
    const project = await source.project();
    if (!project) throw new AppError('unknown_project', `No project ${projectId} in the offline cache of "${w.name}"; run \`fieldwork sync --workspace "${w.name}"\` first.`);
    // A .zip named after the study, made safe for any file system; the sink never overwrites one.
    const target = ctx.flags.zip
      ? { kind: 'zip' as const, file: resolve(out, safeFileName(project.title, { ext: 'zip', fallback: 'fieldwork-export' })) }
      : { kind: 'folder' as const, folder: out };
    // Like `mkdir -p`: naming a new folder for the export is the common case.
    mkdirSync(out, { recursive: true });
    const bar = ctx.out.progress();
    const runtime = await ctx.runtime(w.id);
    let outcome;
    try {
      outcome = await runExport(source, {
        formats: list,
        interviewIds: ids,
        target,
        includeParticipant: ctx.flags['include-participant'] === true,
        lineEnding: ctx.flags.crlf ? 'crlf' : 'lf',
        user: { id: w.id, name: w.name },
        signal: runtime.signal,
        onProgress: (p) => bar.update('Exporting', p.filesDone, p.filesTotal ?? 0),
      });
    } finally {
      bar.clear();
    }
    const { result, notes } = outcome;
    if (ctx.out.isJson) {
      ctx.out.json({ location: result.location, files: result.files, bytes: result.bytes, notes });
    } else {
      ctx.out.line(`Exported ${plural(result.files.length, 'file')} (${mb(result.bytes)}) to ${result.location}.`);
      for (const n of notes) ctx.out.line(`Note: ${clean(n)}`);
    }
  },
};

export const exportGroup: Group = {
  name: 'export',
  summary: 'export transcripts and a REFI-QDA project from the offline cache',
  usage: USAGE,
  commands: { '': exportCommand },
};
