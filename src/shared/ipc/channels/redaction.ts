import { z } from 'zod';
import { idSchema } from '../../ids';
import { REDACTION_KINDS, type RedactionKind } from '../../redaction/kinds';
import { channel } from '../define';
import { workspaceId } from './workspaces';

export type { RedactionKind } from '../../redaction/kinds';

const ws = { workspace_id: workspaceId, project_id: idSchema };
const kind = z.enum(REDACTION_KINDS as [RedactionKind, ...RedactionKind[]]);
const termText = z.string().trim().min(2).max(200);

/** One thing the scan found, with the words around it for the review list. */
export type RedactionFindingView = {
  /** Null for a report quote. */
  interview_id: string | null;
  kind: RedactionKind;
  text: string;
  /** The turn's start; null for a participant field or a quote. */
  start_ms: number | null;
  /** What it becomes when accepted: the participant's code "P07", "[Person A]", "[email]"… */
  suggested: string;
  source: 'turn' | 'quote' | 'field';
  /** The turn's index, the quote's "theme.position", or the participant field's name. */
  at: string;
  /** What decisions are kept under, with the kind. */
  term: string;
  before: string;
  after: string;
  decision: 'accept' | 'reject' | null;
  /** 'possible': the scan is unsure (replaced only once accepted). */
  confidence: 'sure' | 'possible';
  /** Why it is only possible ("also an ordinary word"); null when sure. */
  reason: string | null;
};
export type RedactionScanView = { findings: RedactionFindingView[]; interviews: number; warning: string | null };
export type RedactionDecisionView = { kind: RedactionKind; term: string; decision: 'accept' | 'reject'; decided_at: string };
export type RedactionTermView = { term: string; text: string; kind: RedactionKind; added_at: string };

/** Which terms the review shows: 'undecided' is "to review" (redacted at export unless kept). */
export type RedactionDecisionFilter = 'accept' | 'reject' | 'undecided';
/** One place a term was found, with the words around it. */
export type RedactionExampleView = {
  interview_id: string | null;
  /** The interview's participant code "P07", "Report" for a quote. */
  interview_label: string;
  start_ms: number | null;
  source: 'turn' | 'quote' | 'field';
  at: string;
  before: string;
  text: string;
  after: string;
};
/** Every finding of one kind and term, counted: what the researcher decides on. */
export type RedactionReviewTermView = {
  kind: RedactionKind;
  term: string;
  text: string;
  suggested: string;
  /** Occurrences across the study. */
  count: number;
  /** Distinct interviews it occurs in (a report quote counts for none). */
  interviews: number;
  decision: 'accept' | 'reject' | null;
  /**
   * True when every finding of it is only possible: undecided, an export leaves it as written (a term found surely
   * anywhere is replaced everywhere, and is not possible).
   */
  possible: boolean;
  /** Why the scan was unsure (the first possible finding's reason); null when not possible. */
  reason: string | null;
  examples: RedactionExampleView[];
};
/** A page of the review: terms, not findings, so a 400,000-turn study sends at most `limit` of them. */
export type RedactionReviewPage = {
  terms: RedactionReviewTermView[];
  /** Terms matching every filter (the list's length once every page is read). */
  total_terms: number;
  /** Terms of each kind matching the decision and text filters (the kind chips' counts). */
  counts_by_kind: Record<RedactionKind, number>;
  /** Terms of each decision matching the kind and text filters (the decision filter's counts). */
  counts_by_decision: Record<RedactionDecisionFilter, number>;
  /** Possible terms matching the kind, decision and text filters (the Possible chip's count). */
  possible_terms: number;
  /** Every distinct term found, whatever the filters, and the interviews they occur in. */
  all_terms: number;
  interviews_with_findings: number;
  /** Interviews scanned. */
  interviews: number;
  warning: string | null;
};
/** One interview in the review's list: what a redacted export does in it, and the researcher's sign-off. */
export type RedactionInterviewView = {
  interview_id: string;
  /** The participant code "P07". */
  code: string;
  /** Places an export replaces. */
  replaced: number;
  /** Places of possible terms nobody decided on: left as written. */
  possible_undecided: number;
  /** Places of terms the researcher kept. */
  kept: number;
  /** When the researcher marked it reviewed; null when not (or unmarked). */
  reviewed_at: string | null;
  /** Marked, but what the scan finds there is not what it found then (a sync, a new term). */
  changed_since_review: boolean;
};
/** One place a term occurs ("Find every mention"). */
export type RedactionMentionView = { start_ms: number | null; before: string; text: string; after: string };
export type RedactionMentionsView = {
  text: string;
  /** Mentions across the study's turns. */
  total: number;
  /** Interviews it occurs in, by participant code, each with its count and its first few mentions in context. */
  interviews: { interview_id: string; code: string; count: number; examples: RedactionMentionView[] }[];
};
export const REVIEW_PAGE_MAX = 200;
const reviewFilter = {
  kind: kind.optional(),
  decision: z.enum(['accept', 'reject', 'undecided']).optional(),
  query: z.string().max(200).optional(),
  /** Only the possible terms, most at risk first. */
  possible: z.boolean().optional(),
};

export const redactionChannels = {
  /** Scans the study (every interview whatever its status, the report's quotes, participant fields) for personal data. */
  'redaction.scan': channel(z.object(ws)).returns<RedactionScanView>(),
  /**
   * The review's page: what the scan found grouped by kind and term, filtered, counted, with up to 3 examples
   * each. (`redaction.scan` keeps every finding for `fieldwork redact scan --json`.)
   */
  'redaction.review': channel(
    z.object({ ...ws, ...reviewFilter, offset: z.number().int().min(0).default(0), limit: z.number().int().min(1).max(REVIEW_PAGE_MAX).default(100) }),
  ).returns<RedactionReviewPage>(),
  /** The same decision for every term the review's filters match (not only the page shown); how many were decided. */
  'redaction.decideAll': channel(z.object({ ...ws, filter: z.object(reviewFilter).default({}), decision: z.enum(['accept', 'reject']) })).returns<{
    decided: number;
  }>(),
  /** The researcher's decisions and own terms for the study. */
  'redaction.decisions': channel(z.object(ws)).returns<{ decisions: RedactionDecisionView[]; terms: RedactionTermView[] }>(),
  /** Accept or reject every finding of this kind and text; null forgets the choice. */
  'redaction.decide': channel(
    z.object({ ...ws, kind, text: z.string().trim().min(1).max(500), decision: z.enum(['accept', 'reject']).nullable() }),
  ).returns<RedactionDecisionView | null>(),
  /** A term of the researcher's own, replaced wherever it occurs (kind custom: "[redacted]"). */
  'redaction.addTerm': channel(z.object({ ...ws, text: termText, kind: kind.default('custom') })).returns<RedactionTermView>(),
  'redaction.removeTerm': channel(z.object({ ...ws, text: termText })).returns<{ removed: boolean }>(),
  /**
   * "Find every mention": every place a term occurs in the study's turns (any case, whole words, a possessive
   * "'s" too), counted per interview, with a few examples each. Served by the cache's search index: the turns
   * never cross to the window.
   */
  'redaction.mentions': channel(z.object({ ...ws, text: termText })).returns<RedactionMentionsView>(),
  /** Every interview of the study: how many places an export replaces and leaves, and whether it is marked reviewed. */
  'redaction.interviews': channel(z.object(ws)).returns<{ interviews: RedactionInterviewView[] }>(),
  /** Marks an interview reviewed (with what is found in it now), or takes the mark away. */
  'redaction.markReviewed': channel(z.object({ ...ws, interview_id: idSchema, reviewed: z.boolean() })).returns<RedactionInterviewView>(),
};
