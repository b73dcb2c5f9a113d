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
};

export type ClipPlanItemView = {
  highlight_id: string;
  interview_id: string;
  /** The pseudonym when redacted, the participant with participant data, else "Interview N". */
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
  left_out: { highlight_id: string; participant: string; reason: string; from: 'clips' | 'reel' }[];
  snapped: boolean;
  redacted: boolean;
  notes: string[];
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
};
