import { join } from 'node:path';
import type { exportChannels } from '../../../shared/ipc/channels/exports';
import type { OutputOf, ParsedInputOf } from '../../../shared/ipc/define';
import { renderCodeSegmentsCsv, renderCodeSegmentsDocx } from '../../exports/codes';
import { safeFileName } from '../../output/file-names';
import type { OutputPort } from '../../output/port';
import { openExportSink } from '../../output/sink';
import { redactionNotes } from '../../output/summary-notes';
import { redactSegments } from '../../redaction/apply';
import type { RuntimeManager } from '../../workspaces/runtime';
import { codeSegments } from './segments';

export type CodeSegmentsExportDeps = {
  runtimes: Pick<RuntimeManager, 'get'>;
  /** The folder guard, the folder memory and the study's redactor (the export service provides them). */
  output: OutputPort;
  /** The researcher's name from the settings: how their own codings are labelled. */
  researcherName?: () => string;
};

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

type Channel = (typeof exportChannels)['exports.codeSegments'];

/** A code's segments as CSV and/or Word into a folder the researcher chose, redacted when asked. */
export async function exportCodeSegments(d: CodeSegmentsExportDeps, input: ParsedInputOf<Channel>): Promise<OutputOf<Channel>> {
  const folder = d.output.allowedFolder(input.folder);
  const runtime = await d.runtimes.get(input.workspace_id);
  const filter = {
    ...(input.coder !== undefined ? { coder: input.coder } : {}),
    ...(input.field ? { field: input.field } : {}),
    ...(input.screener ? { screener: input.screener } : {}),
  };
  const all = await codeSegments(runtime.cache, { researcherName: d.researcherName ?? (() => '') }).all(input.code_id, filter);
  const { code } = all;
  const redactWith = await d.output.redactor(input.workspace_id, code.project_id, input.redact);
  const segments = redactSegments(all.segments, redactWith);
  const project = await runtime.cache.call('projects.get', { id: code.project_id });
  const title = project?.title || 'Untitled study';
  const filters = [
    input.field ? `${input.field.name}: ${input.field.value}` : null,
    input.screener ? `screener ${input.screener.id}: ${input.screener.answer}` : null,
    input.coder !== undefined ? `coder: ${segments[0]?.coder_label ?? input.coder ?? 'you'}` : null,
  ].filter((f) => f !== null);
  const doc = { project: { id: code.project_id, title }, code, segments, includeParticipant: input.include_participant, filters };
  const dir = `${safeFileName(title, { fallback: `study-${code.project_id.slice(0, 8)}` })}/codes`;
  const base = safeFileName(code.name, { fallback: `code-${code.id.slice(0, 8)}` });
  const sink = await openExportSink({ target: { kind: 'folder', folder }, expected: { files: input.formats.length } });
  try {
    if (input.formats.includes('csv')) await sink.writeFile(`${dir}/${base}.csv`, renderCodeSegmentsCsv(doc, { lineEnding: input.line_ending }));
    if (input.formats.includes('docx')) await sink.writeFile(`${dir}/${base}.docx`, await renderCodeSegmentsDocx(doc));
    const result = await sink.finish();
    d.output.remember(folder);
    const n = segments.length;
    return {
      location: result.location,
      reveal: join(result.location, dir.split('/')[0]!, 'codes'),
      files: result.files.length,
      bytes: result.bytes,
      notes: [
        ...redactionNotes(redactWith),
        `${n} ${n === 1 ? 'segment' : 'segments'} of "${code.name}" from ${plural(new Set(segments.map((s) => s.interview_id)).size, 'interview')}.`,
      ],
    };
  } catch (e) {
    await sink.cancel().catch(() => undefined);
    throw e;
  }
}
