import { z } from 'zod';
import { placedTurnRangeSchema, type TurnRange } from '../../analysis/turn-range';
import { idSchema } from '../../ids';
import { channel } from '../define';
import { workspaceId } from './workspaces';

const id = idSchema;
const ws = { workspace_id: workspaceId };

export type HighlightView = TurnRange & {
  id: string;
  project_id: string;
  interview_id: string;
  start_ms: number | null;
  quote: string;
  note: string;
  /** The names of its codes, by name (the free tags of old are codes now). */
  tags: string[];
  /** Its codes, in the same order as `tags`, with their colours for the margin and the progress bar. */
  codes: { id: string; name: string; color: string }[];
  /** Whose coding this is: null for this workspace's researcher, else an imported coder or "AI report". */
  coder: string | null;
  created_at: string;
  updated_at: string;
  /** From the cached interview at read time; null when that interview is not (or no longer) cached. */
  participant_name: string | null;
};

const tags = z.array(z.string().trim().min(1).max(80)).max(40);

export const highlightChannels = {
  'highlights.add': channel(
    z.object({
      ...ws,
      project_id: id,
      interview_id: id,
      ...placedTurnRangeSchema.shape,
      note: z.string().max(5000).default(''),
      tags: tags.default([]),
    }),
  ).returns<HighlightView>(),
  /** Change the note, recode (`tags` are code names, created where new), or move/resize (all of `range`). */
  'highlights.update': channel(
    z.object({
      ...ws,
      id,
      note: z.string().max(5000).optional(),
      tags: tags.optional(),
      range: placedTurnRangeSchema.optional(),
    }),
  ).returns<HighlightView | null>(),
  'highlights.delete': channel(z.object({ ...ws, id })).returns<boolean>(),
  'highlights.list': channel(
    z.object({
      ...ws,
      project_id: id.optional(),
      interview_id: id.optional(),
      tag: z.string().max(80).optional(),
      coder: z.string().max(120).nullable().optional(),
    }),
  ).returns<HighlightView[]>(),
};
