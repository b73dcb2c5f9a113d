import { z } from 'zod';
import type { FrequencyChange, QuoteChanges, ThemeRef, ThemeReworded } from '../../analysis/report-diff';
import { idSchema } from '../../ids';
import { channel } from '../define';
import { workspaceId } from './workspaces';

const id = idSchema;
const ws = { workspace_id: workspaceId };
/** A kept report version's id (local to the workspace's cache). */
const versionId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export type ReportPollView = {
  state: 'polling' | 'completed' | 'failed' | 'timed_out';
  started_at: string;
  deadline_at: string;
  attempts: number;
  last_error: string | null;
} | null;

/** A report Fieldwork has kept: `themes` is the number of its themes; `seen_at` when this computer first read it. */
export type ReportVersionView = {
  id: number;
  report_id: string | null;
  generated_at: string | null;
  seen_at: string;
  interviews_analysed: number | null;
  themes: number;
};

/** What changed from one kept version of a study's report to another. */
export type ReportDiffView = {
  project_id: string;
  from: ReportVersionView;
  to: ReportVersionView;
  summary_changed: boolean;
  added: ThemeRef[];
  removed: ThemeRef[];
  reworded: ThemeReworded[];
  frequency_changes: FrequencyChange[];
  quotes: QuoteChanges[];
};

export const reportChannels = {
  'reports.start': channel(z.object({ ...ws, project_id: id })).returns<ReportPollView>(),
  'reports.poll': channel(z.object({ ...ws, project_id: id })).returns<ReportPollView>(),
  /** Every report kept for the study, newest first (offline). */
  'reports.versions': channel(z.object({ ...ws, project_id: id })).returns<ReportVersionView[]>(),
  /** The diff of two kept versions of the study, from → to (offline). */
  'reports.diff': channel(z.object({ ...ws, project_id: id, from_id: versionId, to_id: versionId })).returns<ReportDiffView>(),
};
