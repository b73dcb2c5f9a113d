import { z } from 'zod';
import { idSchema } from '../../ids';
import { channel } from '../define';
import { workspaceId } from './workspaces';

const id = idSchema;
const exportId = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'Not an export id');

/** What the clips are cut from: every segment of a code (the Codes view's order), or highlights in the order picked. */
export const clipSelection = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('code'), code_id: id }),
  z.object({ kind: z.literal('highlights'), ids: z.array(id).min(1, 'Choose at least one highlight.').max(500, 'A reel holds at most 500 clips.') }),
]);
export type ClipSelectionInput = z.infer<typeof clipSelection>;

const clipOptions = {
  workspace_id: workspaceId,
  project_id: id,
  selection: clipSelection,
  /** Padding each side of a clip, in ms (the dialog offers 0–10 s). */
  pad_ms: z.number().int().min(0).max(10_000).default(0),
  include_participant: z.boolean().default(false),
  /** Pseudonyms and the study's accepted redactions in captions, file names and the reel page (issue 14 §2). */
  redact: z.boolean().default(false),
  /**
   * Leave the picture out: each clip and the reel is its sound, with its captions beside it. Redaction changes
   * words, never faces or on-screen text, so a redacted export offers this.
   */
  audio_only: z.boolean().default(false),
};

export type ClipPlanItemView = {
  highlight_id: string;
  interview_id: string;
  /** The participant code "P07" (also the pseudonym when redacted), "Ana Souza (P07)" with participant data. */
  label: string;
  /** The coded words (redacted when redact is on). */
  quote: string;
  /** The span asked for; null when the segment has no readable time. */
  start_ms: number | null;
  end_ms: number | null;
  /** Its interview's video is saved for offline. */
  video: boolean;
  /** Why it cannot be cut (no readable time, no saved video), or null. */
  reason: string | null;
  /** Redaction changes its captions; the audio still says what they hide. */
  redacted_words: boolean;
  /** Its saved recording has a picture (true unless known to be sound only): redaction does not change it. */
  picture: boolean;
};

export type ClipPlanView = { title: string; clips: ClipPlanItemView[] };

export type ClipExportView = {
  /** The export's folder: DIR/<code or "Highlights">. */
  location: string;
  /** What "Show in folder" reveals. */
  reveal: string;
  files: number;
  bytes: number;
  clips: { highlight_id: string; file: string; participant: string; start_ms: number; end_ms: number; snapped: boolean }[];
  reel: { file: string; page: string; duration_ms: number } | null;
  /** `chosen`: the researcher unticked it (not a problem to list). */
  left_out: { highlight_id: string; participant: string; reason: string; from: 'clips' | 'reel'; chosen: boolean }[];
  snapped: boolean;
  redacted: boolean;
  notes: string[];
};

/**
 * The largest clip the renderer may hand back: 512 MiB. A frame-exact clip is a few minutes of one interview
 * re-encoded (a 5-minute 1080p VP9 clip is about 200 MB); the bytes cross IPC in one message, held in memory
 * on both sides, so anything bigger is refused rather than risking the app's memory.
 */
export const MAX_EXACT_CLIP_BYTES = 512 * 1024 * 1024;
/** A clip's captions: the turns of a few minutes, far below this. */
export const MAX_EXACT_VTT_CHARS = 2_000_000;

/** What the renderer needs to cut one highlight frame-exactly (renderer/features/clips/exact-cut.ts). */
export type ExactClipSourceView = {
  /** The saved video as the window reads it (the media route), never a file path. */
  media_url: string;
  /** The span to cut, in ms of the recording: the highlight's turns, widened by pad_ms. */
  start_ms: number;
  end_ms: number;
  /** The clip's captions as WebVTT, timed from start_ms, speaker-labelled (and redacted when asked). */
  vtt: string;
  /** The participant code "P03", "Ana Souza (P03)" with participant data, the code again when redacted: for the file name. */
  label: string;
  /** The export's folder name: "Highlights". */
  title: string;
};

export type ExactClipWrittenView = {
  /** The chosen folder. */
  location: string;
  /** The clip and its captions, relative to the folder (a " (2)" added rather than replacing a file). */
  file: string;
  vtt: string;
  bytes: number;
};

/** A frame-exact clip's reading, the same for clips.exactSource and clips.exactFinish. */
const exactOptions = {
  workspace_id: workspaceId,
  project_id: id,
  pad_ms: z.number().int().min(0).max(60_000).default(0),
  include_participant: z.boolean().default(false),
  redact: z.boolean().default(false),
};

export const clipChannels = {
  /** The clips an export would cut, in order, with what stops one being cut; nothing is written. */
  'clips.plan': channel(z.object(clipOptions)).returns<ClipPlanView>(),
  /**
   * Cuts the clips (and a reel) from the saved videos into a folder chosen with exports.chooseFolder;
   * resolves when done. Progress arrives as clips.progress events; clips.cancel stops it and removes what it wrote.
   */
  'clips.export': channel(
    z.object({
      ...clipOptions,
      export_id: exportId,
      folder: z.string().min(1).max(4096),
      reel: z.boolean(),
      /** Highlights the researcher unticked: listed as left out, not cut. */
      leave_out: z.array(id).max(500).default([]),
    }),
  ).returns<ClipExportView>(),
  'clips.cancel': channel(z.object({ export_id: exportId })).returns<boolean>(),
  /** Frame-exact clips (issue 14 §1): the renderer re-encodes (WebCodecs, which main lacks); main says what to cut and writes the result. */
  'clips.exactSource': channel(z.object({ ...exactOptions, highlight_id: idSchema })).returns<ExactClipSourceView>(),
  /**
   * Writes `<folder>/<title>/clips/<stem>.webm` and the .vtt beside it through the export sink: names
   * sanitised, nothing outside the folder, an existing file never replaced. `folder` must have been chosen
   * with exports.chooseFolder; clips.cancel with `export_id` stops the export and removes every file it wrote; clips.exactFinish completes it.
   */
  'clips.exactWrite': channel(
    z.object({
      workspace_id: workspaceId,
      project_id: idSchema,
      export_id: exportId,
      folder: z.string().min(1).max(4096),
      title: z.string().trim().min(1).max(200),
      /** "01 P03": sanitised by main. */
      stem: z.string().trim().min(1).max(200),
      bytes: z
        .instanceof(Uint8Array)
        .refine((b) => b.byteLength > 0, 'The clip is empty.')
        .refine((b) => b.byteLength <= MAX_EXACT_CLIP_BYTES, 'The clip is larger than 512 MB: cut a shorter one, or use keyframe cuts.'),
      /** The captions from clips.exactSource, written beside the clip: a WebVTT file or nothing else. */
      vtt: z
        .string()
        .max(MAX_EXACT_VTT_CHARS)
        .refine((t) => t.startsWith('WEBVTT'), 'The captions are not a WebVTT file.'),
    }),
  ).returns<ExactClipWrittenView>(),
  /**
   * Completes a frame-exact export: with `reel`, joins the clips it wrote (in this order, by packet copy: they
   * share the re-encode's settings) into reel.webm, reel.vtt and the reel page beside them; then the same summary
   * clips.export gives. Only files clips.exactWrite wrote under this `export_id` are read.
   */
  'clips.exactFinish': channel(
    z.object({
      /** As given to clips.exactSource: the reel's captions and the summary are read the same way. */
      ...exactOptions,
      export_id: exportId,
      folder: z.string().min(1).max(4096),
      /** The plan's title ("Highlights", the code's name): the reel page's heading. */
      title: z.string().trim().min(1).max(200),
      reel: z.boolean(),
      clips: z
        .array(
          z.object({
            highlight_id: id,
            file: z.string().min(1).max(1000),
            duration_ms: z
              .number()
              .int()
              .min(1)
              .max(24 * 3600_000),
          }),
        )
        .min(1, 'No clip was written.')
        .max(500),
      left_out: z
        .array(z.object({ highlight_id: id, participant: z.string().max(200), reason: z.string().max(1000), chosen: z.boolean().default(false) }))
        .max(500)
        .default([]),
      /** What the clips were re-encoded as: "vp9/opus". */
      codec: z.string().regex(/^[a-z0-9]{2,12}(\/[a-z0-9]{2,12})?$/, 'Not a codec name'),
    }),
  ).returns<ClipExportView>(),
};
