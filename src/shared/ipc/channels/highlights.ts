import { z } from 'zod';
import { placedTurnRangeSchema, type TurnRange } from '../../analysis/turn-range';
import { idSchema } from '../../ids';
import { channel } from '../define';
import { codeName } from './codes';
import { workspaceId } from './workspaces';

const id = idSchema;
const ws = { workspace_id: workspaceId };

/**
 * A coding: codes applied to a turn range of one interview, with a note. "Highlight" is the researcher-facing
 * name for a coding (the app's Highlights lists, the channel names and the `highlights` table keep it); in the
 * code a highlight and a coding are the same thing. Codes travel by id; their names are for display.
 */
export type HighlightView = TurnRange & {
  id: string;
  project_id: string;
  interview_id: string;
  start_ms: number | null;
  quote: string;
  note: string;
  /** Its codes, by name (any case), with their colours for the margin and the progress bar. */
  codes: { id: string; name: string; color: string }[];
  /** Whose coding this is: null for this workspace's researcher, else an imported coder or "AI report". */
  coder: string | null;
  created_at: string;
  updated_at: string;
  /** From the cached interview at read time; null when that interview is not (or no longer) cached. */
  participant_name: string | null;
  /** Its interview's participant code "P07" ('' until given): named beside the name, as the Interviews list does. */
  code: string;
};

/**
 * Which codes a coding carries: codebook codes by id, and codes the researcher named that the codebook did
 * not have when they chose them ("Create code X"), by name. A new name that the codebook has by now (any
 * case) takes that code rather than making a second; an id that is no longer in the codebook is refused.
 */
export type CodeChoice = { code_ids: string[]; new_codes: string[] };
const codeIds = z.array(id).max(40);
const newCodes = z.array(codeName).max(40);

export const highlightChannels = {
  'highlights.add': channel(
    z.object({
      ...ws,
      project_id: id,
      interview_id: id,
      ...placedTurnRangeSchema.shape,
      note: z.string().max(5000).default(''),
      code_ids: codeIds.default([]),
      new_codes: newCodes.default([]),
    }),
  ).returns<HighlightView>(),
  /** Change the note, recode (`code_ids` and `new_codes` replace its codes), or move/resize (all of `range`). */
  'highlights.update': channel(
    z.object({
      ...ws,
      id,
      note: z.string().max(5000).optional(),
      code_ids: codeIds.optional(),
      new_codes: newCodes.optional(),
      range: placedTurnRangeSchema.optional(),
    }),
  ).returns<HighlightView | null>(),
  'highlights.delete': channel(z.object({ ...ws, id })).returns<boolean>(),
  'highlights.list': channel(
    z.object({
      ...ws,
      project_id: id.optional(),
      interview_id: id.optional(),
      /** Only the codings carrying this code. */
      code_id: id.optional(),
      coder: z.string().max(120).nullable().optional(),
    }),
  ).returns<HighlightView[]>(),
};
