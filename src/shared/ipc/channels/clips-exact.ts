import { z } from 'zod';
import { idSchema } from '../../ids';
import { channel } from '../define';
import { workspaceId } from './workspaces';

const exportId = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'Not an export id');

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
  /** "Interview 3", the participant's name (when included) or their pseudonym (when redacted): for the file name. */
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

/**
 * Frame-exact clips (issue 14 §1): the renderer re-encodes (WebCodecs, which main lacks), main says what to
 * cut and writes the result. Kept as its own map until it joins the clips.* channels.
 */
export const clipsExactChannels = {
  'clipsExact.source': channel(
    z.object({
      workspace_id: workspaceId,
      project_id: idSchema,
      highlight_id: idSchema,
      pad_ms: z.number().int().min(0).max(60_000).default(0),
      include_participant: z.boolean().default(false),
      redact: z.boolean().default(false),
    }),
  ).returns<ExactClipSourceView>(),
  /**
   * Writes `<folder>/<title>/clips/<stem>.webm` and the .vtt beside it through the export sink: names
   * sanitised, nothing outside the folder, an existing file never replaced. `folder` must have been chosen
   * with exports.chooseFolder; exports.cancel with `export_id` stops the write and leaves nothing.
   */
  'clipsExact.write': channel(
    z.object({
      workspace_id: workspaceId,
      project_id: idSchema,
      export_id: exportId,
      folder: z.string().min(1).max(4096),
      title: z.string().trim().min(1).max(200),
      /** "01 Interview 3": sanitised by main. */
      stem: z.string().trim().min(1).max(200),
      bytes: z
        .instanceof(Uint8Array)
        .refine((b) => b.byteLength > 0, 'The clip is empty.')
        .refine((b) => b.byteLength <= MAX_EXACT_CLIP_BYTES, 'The clip is larger than 512 MB: cut a shorter one, or use keyframe cuts.'),
      /** The captions from clipsExact.source, written beside the clip: a WebVTT file or nothing else. */
      vtt: z
        .string()
        .max(MAX_EXACT_VTT_CHARS)
        .refine((t) => t.startsWith('WEBVTT'), 'The captions are not a WebVTT file.'),
    }),
  ).returns<ExactClipWrittenView>(),
};
