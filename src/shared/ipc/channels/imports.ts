import { z } from 'zod';
import { AI_REPORT_CODER } from '../../analysis/codebook';
import { idSchema } from '../../ids';
import { channel } from '../define';
import { workspaceId } from './workspaces';

/** How a source in the file was tied to an interview; null when it was not. */
export type QdpxMatchedBy = 'guid' | 'name' | 'text';

export type QdpxUnmatchedCoding = { selection: string; codes: string[]; reason: string };

export type QdpxSourceReport = {
  guid: string;
  name: string;
  kind: string;
  interview_id: string | null;
  participant: string | null;
  matched_by: QdpxMatchedBy | null;
  /** Why the source matched no interview (null when it matched). */
  reason: string | null;
  /** How its character positions were read: as written (CRLF = 2), or CRLF counted once; null without text positions. */
  positions: 'as_written' | 'crlf_as_one' | null;
  codings: number;
  imported: number;
  unmatched: QdpxUnmatchedCoding[];
};

/** What an import did: every source and what became of its codings, and the codes created or merged. */
export type QdpxImportReport = {
  file_kind: 'project' | 'codebook';
  coder: string;
  origin: string;
  sources: QdpxSourceReport[];
  codings: { found: number; imported: number; already_there: number; duplicates: number; unmatched: number };
  codes: { created: string[]; merged: string[]; categories: string[]; skipped: { name: string; reason: string }[] };
  notes: string[];
};

export const coderName = z
  .string()
  .trim()
  .min(1, 'Name the coder whose codings these are')
  .max(80, 'At most 80 characters')
  .refine((s) => ![...s].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f), 'No control characters')
  // The AI report's codings are compared with people's: an import under its name would blur the two.
  .refine((s) => s.toLowerCase() !== AI_REPORT_CODER.toLowerCase(), `"${AI_REPORT_CODER}" is the AI report's own coder; give the imported coder another name`);

export const importChannels = {
  /**
   * Import a REFI-QDA project (.qdpx) or codebook (.qdc) the researcher picked (`file_token` from
   * `window.fieldworkFiles.tokenFor`: the page never names a path) into a study, as one coder.
   */
  'imports.qdpx': channel(
    z.object({ workspace_id: workspaceId, project_id: idSchema, file_token: z.string().min(1).max(100), coder: coderName }),
  ).returns<QdpxImportReport>(),
};
