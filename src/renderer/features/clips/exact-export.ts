/**
 * One frame-exact clip of a highlight, start to finish, for the clips dialog's store: main says what to cut
 * (clips.exactSource), this window re-encodes it (exact-cut.ts), main writes it beside the keyframe clips'
 * layout (clips.exactWrite: `<folder>/<title>/clips/NN <label>.webm` and its .vtt). Pure, no React.
 */
import type { clipChannels, ExactClipSourceView, ExactClipWrittenView } from '../../../shared/ipc/channels/clips';
import type { InputOf } from '../../../shared/ipc/define';
import { cutExactly, type EncoderProbe } from './exact-cut';

type Channels = typeof clipChannels;

/**
 * main's two channels, unwrapped: the store that owns the IPC passes
 * `{ source: (i) => call(api().clips.exactSource(i)), write: (i) => call(api().clips.exactWrite(i)) }`.
 */
export type ExactClipsBridge = {
  source(input: InputOf<Channels['clips.exactSource']>): Promise<ExactClipSourceView>;
  write(input: InputOf<Channels['clips.exactWrite']>): Promise<ExactClipWrittenView>;
};

export type ExactClipRequest = {
  workspaceId: string;
  projectId: string;
  highlightId: string;
  padMs: number;
  includeParticipant: boolean;
  redact: boolean;
  /** A folder chosen with exports.chooseFolder. */
  folder: string;
  /** exports.cancel with it stops the write; the signal stops the cut. */
  exportId: string;
  /** The clip's place in the export, from 1: its file name starts "01 ". */
  n: number;
  /** The export's folder name (the plan's title: a code's name); else the source's ("Highlights"). */
  title?: string;
};

export type ExactClipDone = ExactClipWrittenView & { durationMs: number; requested: { startMs: number; endMs: number }; codec: string };

/** Throws the cutter's ExactCutError (clip_exact_no_encoder, …) or what the bridge throws (main's UiError), each saying what to do. */
export async function exportExactClip(
  bridge: ExactClipsBridge,
  r: ExactClipRequest,
  o: { signal?: AbortSignal; onProgress?: (fraction: number) => void; probe?: EncoderProbe } = {},
): Promise<ExactClipDone> {
  const s = await bridge.source({
    workspace_id: r.workspaceId,
    project_id: r.projectId,
    highlight_id: r.highlightId,
    pad_ms: r.padMs,
    include_participant: r.includeParticipant,
    redact: r.redact,
  });
  const requested = { startMs: s.start_ms, endMs: s.end_ms };
  const clip = await cutExactly(s.media_url, requested, {
    vtt: s.vtt,
    ...(o.signal ? { signal: o.signal } : {}),
    ...(o.onProgress ? { onProgress: o.onProgress } : {}),
    ...(o.probe ? { probe: o.probe } : {}),
  });
  const written = await bridge.write({
    workspace_id: r.workspaceId,
    project_id: r.projectId,
    export_id: r.exportId,
    folder: r.folder,
    title: r.title ?? s.title,
    stem: `${String(r.n).padStart(2, '0')} ${s.label}`,
    bytes: clip.bytes,
    vtt: s.vtt,
  });
  return { ...written, durationMs: clip.durationMs, requested, codec: [clip.videoCodec, clip.audioCodec].filter(Boolean).join('/') };
}
