/**
 * Frame-exact clips (issue 14 §1), main's half. A frame-exact cut re-encodes, and only the renderer has encoders
 * (WebCodecs), so the renderer cuts (renderer/features/clips/exact-cut.ts) and main does the rest: `source` says
 * what to cut (the saved video's media URL, never a path; the span and captions the clip export would use) and
 * `write` puts the result where the clip export puts its clips, through the export sink.
 */
import type { ExactClipSourceView, ExactClipWrittenView } from '../../shared/ipc/channels/clips-exact';
import { AppError } from '../errors';
import type { ExportService } from '../exports/export-service';
import { safeFileName } from '../exports/file-names';
import { openExportSink } from '../exports/output';
import type { JobRegistry } from '../jobs/job-registry';
import type { RuntimeManager } from '../workspaces/runtime';
import { toWebVtt } from './captions';
import { labelFor } from './clip-plan';
import { clipCues, clipRange, readClipSources } from './plan';

export type ExactClipDeps = {
  runtimes: Pick<RuntimeManager, 'get'>;
  /** The export service's folder guard (only folders chosen with exports.chooseFolder) and redactor. */
  exports: Pick<ExportService, 'allowedFolder' | 'remember' | 'redactor'>;
  jobs: JobRegistry;
  /** How the renderer addresses a saved video (fieldwork-media: in Electron). */
  mediaUrl: (workspaceId: string, interviewId: string) => string;
};

export type ExactSourceRequest = {
  workspace_id: string;
  project_id: string;
  highlight_id: string;
  pad_ms: number;
  include_participant: boolean;
  redact: boolean;
};

export type ExactWriteRequest = {
  workspace_id: string;
  project_id: string;
  export_id: string;
  folder: string;
  title: string;
  stem: string;
  bytes: Uint8Array;
  vtt: string;
};

export type ExactClipService = {
  source(r: ExactSourceRequest): Promise<ExactClipSourceView>;
  write(r: ExactWriteRequest): Promise<ExactClipWrittenView>;
};

const SAVE_HINT = 'Open the interview and choose "Save for offline" (or sync its videos), then cut it again.';

export function createExactClipService(d: ExactClipDeps): ExactClipService {
  return {
    async source(r) {
      const { cache } = await d.runtimes.get(r.workspace_id);
      // The same reading as the clip export's, so both cut the same span for the same highlight.
      const { title, sources } = await readClipSources(cache, r.project_id, { kind: 'highlights', ids: [r.highlight_id] });
      const source = sources[0]!;
      const transcript = (await cache.call('interviews.get', { id: source.interview_id }))?.transcript;
      if (!transcript) throw new AppError('clip_unplaceable', 'Its interview is not in the saved data any more. Sync, then cut it again.');
      const video = await cache.call('videos.get', { interviewId: source.interview_id });
      // Only the saved copy: a frame-exact cut reads the whole span, which over the network would be slow and may expire.
      if (video?.state !== 'complete') throw new AppError('clip_no_video', `Its interview has no saved video. ${SAVE_HINT}`);
      const planned = clipRange(transcript, source, { padMs: r.pad_ms });
      if (!planned.ok) throw new AppError('clip_unplaceable', planned.reason);
      const redactor = await d.exports.redactor(r.workspace_id, r.project_id, r.redact);
      const label = labelFor(source, r.include_participant, redactor);
      // A frame-exact cut starts where asked, so the captions are timed from the requested start as they are.
      const cues = clipCues(transcript, planned.range, label).map((c) => ({ ...c, text: redactor.text(c.text) }));
      return {
        media_url: d.mediaUrl(r.workspace_id, source.interview_id),
        start_ms: planned.range.startMs,
        end_ms: planned.range.endMs,
        vtt: toWebVtt(cues),
        label,
        title: redactor.text(title),
      };
    },

    async write(r) {
      const folder = d.exports.allowedFolder(r.folder);
      const job = d.jobs.start(r.export_id);
      try {
        const sink = await openExportSink({ target: { kind: 'folder', folder }, signal: job.signal, expected: { files: 2, bytes: r.bytes.byteLength } });
        try {
          const dir = safeFileName(r.title, { fallback: 'Clips' });
          const stem = safeFileName(r.stem, { fallback: 'clip' });
          const video = await sink.writeFile(`${dir}/clips/${safeFileName(stem, { ext: 'webm', fallback: 'clip' })}`, r.bytes);
          // Beside the clip under the same name, " (2)" and all.
          const vtt = await sink.writeFile(`${video.path.slice(0, -'.webm'.length)}.vtt`, r.vtt);
          const result = await sink.finish();
          d.exports.remember(folder);
          return { location: result.location, file: video.path, vtt: vtt.path, bytes: result.bytes };
        } catch (e) {
          await sink.cancel().catch(() => undefined);
          throw e;
        }
      } finally {
        job.done();
      }
    },
  };
}
