import { z } from 'zod';
import { idSchema } from '../../ids';
import { channel } from '../define';
import { workspaceId } from './workspaces';

const id = idSchema;
const ws = { workspace_id: workspaceId };

/**
 * A code in a study's codebook. A category (`is_category`) groups codes and is not itself applied; a code's
 * `parent_id` names its category (one level). `codings` counts the segments coded with it, `interviews` the
 * interviews they are in.
 */
export type CodeView = {
  id: string;
  project_id: string;
  name: string;
  color: string;
  description: string;
  parent_id: string | null;
  is_category: boolean;
  codings: number;
  interviews: number;
  created_at: string;
  updated_at: string;
};

/** One coded segment, as retrieval lists it. */
export type CodeSegmentView = {
  id: string;
  interview_id: string;
  /** The interview's place among the study's interviews in order of completion, from 1. */
  interview_n: number;
  participant_name: string | null;
  /** "Ana Souza (P07)": the name with the participant code beside it, or the code "P07" when it has none. */
  participant: string;
  /** The guide question the segment answers; null when it is not known (no guide here, or before the first question). */
  question: string | null;
  question_index: number | null;
  /** null: this workspace's researcher; else an imported coder or "AI report". */
  coder: string | null;
  /** How the coder is shown: the researcher's name from the settings (else "You"), or the coder's name. */
  coder_label: string;
  start_ms: number | null;
  end_ms: number | null;
  /** Exactly the coded words (a segment over several turns: their parts joined by a blank line). */
  text: string;
  note: string;
};

export type SegmentFacetsView = {
  fields: { name: string; values: string[] }[];
  screener: { id: string; text: string; answers: string[] }[];
  coders: { coder: string | null; label: string; segments: number }[];
};

export type CodeSegmentsView = {
  code: CodeView;
  /** Segments that pass the filters; `segments` is the page from `offset`. */
  total: number;
  offset: number;
  segments: CodeSegmentView[];
  /** Whether the study's questions are known here, so a null question means "before the first question". */
  questions_known: boolean;
  /** Whether those questions were inferred from the transcripts (the study was not created or edited here). */
  questions_inferred: boolean;
  /** What the filters can offer, over all the code's segments; null when not asked for (a later page). */
  facets: SegmentFacetsView | null;
};

const filterText = z.string().max(2000);
/** Which of a code's segments: by coder (null: the researcher's own), participant field value, screener answer. */
export const segmentFilter = {
  coder: z.string().max(200).nullable().optional(),
  field: z.object({ name: filterText, value: filterText }).optional(),
  screener: z.object({ id: filterText, answer: filterText }).optional(),
};

export const codeName = z.string().trim().min(1, 'Give the code a name').max(80, 'At most 80 characters');
export const codeColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #3b6fd4');
const description = z.string().max(5000);

/**
 * What turning the report's themes into codes did: one code per theme (existing codes of the same name, in
 * any case, are reused), and a coding by "AI report" on each quote found in a transcript. The AI report's
 * earlier codings of those codes are replaced, so running it again changes nothing.
 */
export type CodesFromReportView = {
  report_id: string | null;
  themes: number;
  /** The themes' codes, in the report's order, each once. */
  codes: { id: string; name: string; created: boolean }[];
  quotes: number;
  /** Codings written (a quote repeated under one theme is coded once). */
  coded: number;
  /** The AI report's earlier codings of these codes that were replaced. */
  replaced: number;
  /** Quotes no saved transcript contains (word for word), with their theme. */
  not_found: { theme: string; quote: string }[];
  /** Themes left out, with the reason (a blank title, or a name a category already has). */
  skipped: { theme: string; reason: string }[];
};

export const codeChannels = {
  /** The study's codebook: categories and codes with their counts, categories first, then by name. */
  'codes.list': channel(z.object({ ...ws, project_id: id })).returns<CodeView[]>(),
  'codes.create': channel(
    z.object({
      ...ws,
      project_id: id,
      name: codeName,
      color: codeColor.optional(),
      description: description.default(''),
      parent_id: id.nullable().default(null),
      is_category: z.boolean().default(false),
    }),
  ).returns<CodeView>(),
  /** Rename, recolour, redefine or move a code; a name another code has (any case) is refused. */
  'codes.update': channel(
    z.object({ ...ws, id, name: codeName.optional(), color: codeColor.optional(), description: description.optional(), parent_id: id.nullable().optional() }),
  ).returns<CodeView>(),
  /** `from` goes; its codings join `into` (a segment coded with both keeps one). */
  'codes.merge': channel(z.object({ ...ws, from_id: id, into_id: id })).returns<CodeView>(),
  /**
   * Retrieval: the code's segments across the study's interviews, a page at a time, in interview order,
   * with who, which question, when and exactly the coded words.
   */
  'codes.segments': channel(
    z.object({
      ...ws,
      id,
      ...segmentFilter,
      offset: z.number().int().min(0).default(0),
      limit: z.number().int().min(1).max(1000).default(200),
      /** Whether to answer the filters' choices too (the first page does; later pages need not). */
      facets: z.boolean().default(true),
    }),
  ).returns<CodeSegmentsView>(),
  /** The code goes with its codings; answers how many codings went. A category's codes stay, uncategorised. */
  'codes.delete': channel(z.object({ ...ws, id })).returns<{ deleted_codings: number }>(),
  /** The latest report's themes become codes and its quotes codings by "AI report" (idempotent; offline). */
  'codes.fromReport': channel(z.object({ ...ws, project_id: id })).returns<CodesFromReportView>(),
};
