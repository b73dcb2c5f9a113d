import { z } from 'zod';
import { idSchema } from '../../ids';
import { channel } from '../define';
import { workspaceId } from './workspaces';

const id = idSchema;
const ws = { workspace_id: workspaceId };

/** A reel the researcher built: a named, ordered list of clips (highlights and coded segments) in one study. */
export type ReelView = {
  id: string;
  project_id: string;
  name: string;
  /** How many clips it holds now (a clip goes when its highlight is deleted). */
  clips: number;
  created_at: string;
  updated_at: string;
};

/** One clip of a reel, in the reel's order. */
export type ReelItemView = {
  highlight_id: string;
  /** From 0, without gaps. */
  position: number;
  interview_id: string;
  /** The interview's place among the study's interviews in order of completion, from 1 (0: no longer cached). */
  interview_n: number;
  /** "Ana Souza (P07)": the name with the participant code beside it, or the code "P07" when it has none. */
  participant: string;
  /** The highlight's words. */
  text: string;
  codes: { id: string; name: string; color: string }[];
  /** Where it starts, as saved when it was coded; null when the turn's time is unknown. */
  start_ms: number | null;
  /** The end of its last turn, when known. */
  end_ms: number | null;
};

export type ReelDetailView = {
  reel: ReelView;
  items: ReelItemView[];
  /** The sum of the clips' spans (start to end) where both are known. */
  total_ms: number;
  /** Clips whose span is not known, left out of `total_ms`. */
  untimed: number;
};

/** What adding highlights did: appended in the order given, those already in the reel or not in the study left as they were. */
export type ReelAddView = { added: string[]; duplicates: string[]; missing: string[]; clips: number };

export const reelName = z.string().trim().min(1, 'Give the reel a name').max(120, 'At most 120 characters');

export const reelChannels = {
  /** The study's reels by name, each with its clip count. */
  'reels.list': channel(z.object({ ...ws, project_id: id })).returns<ReelView[]>(),
  /** A new, empty reel; a name another reel of the study has (any case) is refused. */
  'reels.create': channel(z.object({ ...ws, project_id: id, name: reelName })).returns<ReelView>(),
  /** The reel's clips in order, with their words, codes, interview and times. */
  'reels.get': channel(z.object({ ...ws, id })).returns<ReelDetailView>(),
  'reels.rename': channel(z.object({ ...ws, id, name: reelName })).returns<ReelView>(),
  /** Highlights appended in the order given; duplicates (already in the reel, or repeated) are left out and reported. */
  'reels.addItems': channel(z.object({ ...ws, id, highlight_ids: z.array(id).min(1).max(5000) })).returns<ReelAddView>(),
  /** A clip moved to a new place (from 0; past the end: last); the others close up around it. */
  'reels.move': channel(z.object({ ...ws, id, highlight_id: id, position: z.number().int().min(0) })).returns<ReelDetailView>(),
  /** A clip out of the reel; the highlight stays. */
  'reels.removeItem': channel(z.object({ ...ws, id, highlight_id: id })).returns<{ removed: boolean }>(),
  /** The reel goes; its highlights stay. */
  'reels.delete': channel(z.object({ ...ws, id })).returns<{ deleted: boolean }>(),
};
