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
  /** What it becomes when accepted: "Participant 07", "[Person A]", "[email]"… */
  suggested: string;
  source: 'turn' | 'quote' | 'field';
  /** The turn's index, the quote's "theme.position", or the participant field's name. */
  at: string;
  /** What decisions are kept under, with the kind. */
  term: string;
  before: string;
  after: string;
  decision: 'accept' | 'reject' | null;
};
export type RedactionScanView = { findings: RedactionFindingView[]; interviews: number; warning: string | null };
export type RedactionDecisionView = { kind: RedactionKind; term: string; decision: 'accept' | 'reject'; decided_at: string };
export type RedactionTermView = { term: string; text: string; kind: RedactionKind; added_at: string };

export const redactionChannels = {
  /** Scans the study (every interview whatever its status, the report's quotes, participant fields) for personal data. */
  'redaction.scan': channel(z.object(ws)).returns<RedactionScanView>(),
  /** The researcher's decisions and own terms for the study. */
  'redaction.decisions': channel(z.object(ws)).returns<{ decisions: RedactionDecisionView[]; terms: RedactionTermView[] }>(),
  /** Accept or reject every finding of this kind and text; null forgets the choice. */
  'redaction.decide': channel(
    z.object({ ...ws, kind, text: z.string().trim().min(1).max(500), decision: z.enum(['accept', 'reject']).nullable() }),
  ).returns<RedactionDecisionView | null>(),
  /** A term of the researcher's own, replaced wherever it occurs (kind custom: "[redacted]"). */
  'redaction.addTerm': channel(z.object({ ...ws, text: termText, kind: kind.default('custom') })).returns<RedactionTermView>(),
  'redaction.removeTerm': channel(z.object({ ...ws, text: termText })).returns<{ removed: boolean }>(),
};
