import { z } from 'zod';
import { idSchema } from '../../ids';
import { channel } from '../define';
import { workspaceId } from './workspaces';

const id = idSchema;
const ws = { workspace_id: workspaceId };

/** An interview that asked a collapsed question, and when. `code`: its participant code "P07" ('' until given). */
export type AskedIn = { interview_id: string; participant_name: string | null; code: string; start_ms: number | null };

export { ASKED_IN_PAGE } from '../../search-pages';

/** A page of the interviews that asked a question, and how many asked it in all. */
export type AskedInPage = { asked_count: number; asked_in: AskedIn[] };

/**
 * One search result. `turn`: something said in an interview; `question`: an interviewer question asked
 * word for word in several interviews, one result for all of them (`asked_count`, `asked_in`); `quote`: a report quote;
 * `highlight`: one of the researcher's highlights, found by its text, tags or note.
 */
export type SearchHitView = {
  kind: 'turn' | 'question' | 'quote' | 'highlight';
  project_id: string;
  project_title: string;
  interview_id: string | null;
  participant_name: string | null;
  /** The interview's participant code "P07", named beside the name as the Interviews list does; '' without an interview or until given. */
  code: string;
  role: string | null;
  start_ms: number | null;
  /** Matched terms are wrapped in \u0002 … \u0003; render as text and style the marked parts. */
  snippet: string;
  /**
   * question: the first ASKED_IN_PAGE interviews of the study that asked it, first asked first (the hit's
   * own interview and time are the first). A guide question is asked in every interview, thousands of
   * them, so the rest come from `search.askedIn` when the researcher asks to see them.
   */
  asked_in?: AskedIn[];
  /** question: how many interviews of the study asked it (all of them, not only those in `asked_in`). */
  asked_count?: number;
  /** question: the question as its words (case, spacing and punctuation folded): what `search.askedIn` takes. */
  question_key?: string;
  /** highlight: its id, tags and note. */
  highlight_id?: string;
  tags?: string[];
  note?: string;
};

export const searchChannels = {
  'search.query': channel(
    z.object({
      ...ws,
      query: z.string().max(500),
      project_id: id.optional(),
      role: z.enum(['AI', 'User']).optional(),
      limit: z.number().int().min(1).max(500).optional(),
    }),
  ).returns<SearchHitView[]>(),
  /** The interviews of a study that asked a question (a question hit's `question_key`), a page at a time, first asked first. */
  'search.askedIn': channel(
    z.object({
      ...ws,
      project_id: id,
      question_key: z.string().min(1).max(2000),
      offset: z.number().int().min(0).max(10_000_000),
      limit: z.number().int().min(1).max(5000),
    }),
  ).returns<AskedInPage>(),
  'search.locateQuote': channel(z.object({ ...ws, project_id: id, quote: z.string().min(1).max(2000) })).returns<{
    interview_id: string;
    /** Null when the service sent no name for the participant. */
    participant_name: string | null;
    /** Its participant code "P07" ('' until given). */
    code: string;
    turn_index: number;
    start_ms: number | null;
  } | null>(),
};
