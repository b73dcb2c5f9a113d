/**
 * Clips and reels exported from the app (issue 14 §1): the Export clips dialog's plan, the export itself
 * (cancellable, with progress events) and its summary. The same planClips/exportClips the CLI runs; the
 * folder must be one the researcher chose (the export service's guard) and a redacted export uses the
 * study's redactor, from the export service too, so every export redacts alike.
 */
import type { clipChannels, ClipExportView, ClipSelectionInput } from '../../shared/ipc/channels/clips';
import type { OperationOf } from '../../shared/ipc/define';
import type { EventHub } from '../events';
import type { OutputPort } from '../output/port';
import type { JobRegistry } from '../jobs/job-registry';
import type { RuntimeManager } from '../workspaces/runtime';
import { planClips, savedVideoFile } from './clip-plan';
import type { ClipExportRequest, ClipExportSummary, ClipMediaFns } from './export';
import type { ClipSelection } from './plan';

export type ClipExportDeps = {
  runtimes: Pick<RuntimeManager, 'get'>;
  jobs: JobRegistry;
  events: EventHub;
  exporter: OutputPort;
  /** The media core (loadClipMedia), or a stand-in in tests. */
  media: () => Promise<ClipMediaFns>;
};

type Op<K extends keyof typeof clipChannels> = OperationOf<(typeof clipChannels)[K]>;
export type ClipExportService = {
  plan: Op<'clips.plan'>;
  export: Op<'clips.export'>;
  cancel: Op<'clips.cancel'>;
  /** The media core clips are cut with. */
  media: () => Promise<ClipMediaFns>;
  /** Clips cut here and now into a folder the caller names (the CLI's way): no job, no folder guard, stopped with the workspace. */
  local: (workspaceId: string, req: Omit<ClipExportRequest, 'videoFile' | 'signal'>) => Promise<ClipExportSummary>;
};

const selectionOf = (s: ClipSelectionInput): ClipSelection => (s.kind === 'code' ? { kind: 'code', id: s.code_id } : { kind: 'highlights', ids: s.ids });

/** The summary as the dialog shows it: where, what was written, what was left out and why. */
export function clipExportView(s: ClipExportSummary): ClipExportView {
  return {
    location: s.location,
    reveal: s.location,
    files: s.files.length,
    bytes: s.bytes,
    clips: s.clips.map((c) => ({
      highlight_id: c.highlight_id,
      file: c.file,
      participant: c.participant,
      start_ms: c.start_ms,
      end_ms: c.end_ms,
      snapped: c.snapped,
    })),
    reel: s.reel ? { file: s.reel.file, page: s.reel.page, duration_ms: s.reel.duration_ms } : null,
    left_out: s.left_out.map((l) => ({ highlight_id: l.highlight_id, participant: l.participant, reason: l.reason, from: l.from, chosen: l.chosen === true })),
    snapped: s.snapped,
    redacted: s.redacted,
    notes: s.notes,
  };
}

export function createClipExportService(d: ClipExportDeps): ClipExportService {
  return {
    plan: async (input) => {
      // First: a study that cannot be redacted plans nothing.
      const redactor = await d.exporter.redactor(input.workspace_id, input.project_id, input.redact);
      const cache = (await d.runtimes.get(input.workspace_id)).cache;
      const plan = await planClips(cache, {
        projectId: input.project_id,
        selection: selectionOf(input.selection),
        padMs: input.pad_ms,
        includeParticipant: input.include_participant,
        redactor,
        media: await d.media(),
        videoFile: savedVideoFile(cache),
      });
      return {
        title: redactor.text(plan.title),
        clips: plan.clips.map((c) => ({
          highlight_id: c.source.id,
          interview_id: c.source.interview_id,
          label: c.label,
          quote: redactor.text(c.source.text),
          start_ms: c.range?.startMs ?? null,
          end_ms: c.range?.endMs ?? null,
          video: c.file !== null,
          reason: c.reason,
          redacted_words: c.redactedWords,
          picture: c.picture,
        })),
      };
    },
    export: async (input) => {
      const folder = d.exporter.allowedFolder(input.folder);
      const redactor = await d.exporter.redactor(input.workspace_id, input.project_id, input.redact);
      const cache = (await d.runtimes.get(input.workspace_id)).cache;
      const media = await d.media();
      const { exportClips } = await import('./export');
      const job = d.jobs.start(input.export_id);
      try {
        const summary = await exportClips(cache, {
          projectId: input.project_id,
          selection: selectionOf(input.selection),
          folder,
          reel: input.reel,
          audioOnly: input.audio_only,
          padMs: input.pad_ms,
          includeParticipant: input.include_participant,
          redactor,
          media,
          leaveOut: input.leave_out,
          videoFile: savedVideoFile(cache),
          signal: job.signal,
          onProgress: (p) => d.events.emit('clips.progress', { workspace_id: input.workspace_id, export_id: input.export_id, ...p }),
        });
        d.exporter.remember(folder);
        return clipExportView(summary);
      } finally {
        job.done();
      }
    },
    cancel: async ({ export_id }) => d.jobs.cancel(export_id),
    media: () => d.media(),
    local: async (workspaceId, req) => {
      const runtime = await d.runtimes.get(workspaceId);
      const { exportClips } = await import('./export');
      return exportClips(runtime.cache, { ...req, videoFile: savedVideoFile(runtime.cache), signal: runtime.signal });
    },
  };
}
