import { idSchema } from '../../ids';
import { z } from 'zod';
import { channel } from '../define';
import type { CreditsView, InterviewDetail, InterviewRow, ProjectDetail, SyncStatus } from './views';
import { workspaceId } from './workspaces';

const id = idSchema;
const ws = { workspace_id: workspaceId };

export type SyncRunResult = { projects: number; interviews_written: number; requests: number; issues: { project_id: string | null; code: string; message: string }[]; duration_ms: number };
export type SearchHitView = {
  kind: 'turn' | 'quote';
  project_id: string;
  project_title: string;
  interview_id: string | null;
  participant_name: string | null;
  role: string | null;
  start_ms: number | null;
  /** Matched terms are wrapped in \u0002 … \u0003; render as text and style the marked parts. */
  snippet: string;
};
export type ReportPollView = { state: 'polling' | 'completed' | 'failed' | 'timed_out'; started_at: string; deadline_at: string; attempts: number; last_error: string | null } | null;
export type PlaybackView = { kind: 'local' | 'remote'; media_url: string } | { kind: 'unavailable'; reason: string };
export type VideoJobView = { job_id: string };
export type UploadView = { stimulus_id: string; content_type: string; bytes: number; assigned: string[] };
/**
 * A stimulus as the renderer shows it. `media_url` is main's own media route (fieldwork-media: in
 * Electron, a same-origin path in the test host), never the service's URL: the renderer's CSP allows
 * no remote media, and main fetches, checks and caches the file.
 */
export type StimulusView = {
  stimuli_id: string;
  display_order: number;
  kind: 'image' | 'video' | null;
  media_url: string | null;
  caption: string | null;
  question_items: string[];
};
export type HighlightView = {
  id: string;
  project_id: string;
  interview_id: string;
  start_turn: number;
  start_offset: number;
  end_turn: number;
  end_offset: number;
  start_ms: number | null;
  quote: string;
  note: string;
  tags: string[];
  created_at: string;
  updated_at: string;
  /** From the cached interview at read time; null when that interview is not (or no longer) cached. */
  participant_name: string | null;
};

export const syncChannels = {
  'sync.run': channel(z.object({ ...ws, project_ids: z.array(id).max(500).optional() })).returns<SyncRunResult>(),
  'sync.status': channel(z.object(ws)).returns<SyncStatus>(),
  /** Stops the sync in flight; false when none was running. */
  'sync.cancel': channel(z.object(ws)).returns<boolean>(),
};

export const cachedProjectChannels = {
  'projects.get': channel(z.object({ ...ws, project_id: id })).returns<ProjectDetail | null>(),
  'credits.get': channel(z.object(ws)).returns<CreditsView>(),
};

export const interviewChannels = {
  'interviews.list': channel(
    z.object({
      ...ws,
      project_id: id,
      status: z.enum(['STARTED', 'INCOMPLETE', 'COMPLETE']).optional(),
      screener: z.enum(['passed', 'failed', 'none']).optional(),
      text: z.string().max(200).optional(),
      limit: z.number().int().min(1).max(10_000).optional(),
      offset: z.number().int().min(0).optional(),
    }),
  ).returns<{ items: InterviewRow[]; total: number }>(),
  'interviews.get': channel(z.object({ ...ws, interview_id: id })).returns<InterviewDetail | null>(),
};

export const searchChannels = {
  'search.query': channel(
    z.object({ ...ws, query: z.string().max(500), project_id: id.optional(), role: z.enum(['AI', 'User']).optional(), limit: z.number().int().min(1).max(500).optional() }),
  ).returns<SearchHitView[]>(),
  'search.locateQuote': channel(z.object({ ...ws, project_id: id, quote: z.string().min(1).max(2000) })).returns<{ interview_id: string; turn_index: number; start_ms: number | null } | null>(),
};

export const reportChannels = {
  'reports.start': channel(z.object({ ...ws, project_id: id })).returns<ReportPollView>(),
  'reports.poll': channel(z.object({ ...ws, project_id: id })).returns<ReportPollView>(),
};

export const videoChannels = {
  'videos.source': channel(z.object({ ...ws, interview_id: id })).returns<PlaybackView>(),
  'videos.download': channel(z.object({ ...ws, interview_id: id.optional(), project_id: id.optional() }).refine((v) => !!v.interview_id !== !!v.project_id, 'Give an interview or a project')).returns<VideoJobView>(),
  'videos.cancel': channel(z.object({ job_id: z.string().min(1).max(100) })).returns<boolean>(),
  'videos.usage': channel(z.object(ws)).returns<{ bytes: number; quota: number }>(),
  'videos.remove': channel(z.object({ ...ws, interview_id: id })).returns<void>(),
};

export const stimulusChannels = {
  'stimuli.upload': channel(
    z.object({
      ...ws,
      project_id: id,
      /** What the preload (or the file dialog) issued for a picked or dropped file: never a path. */
      file_token: z.string().min(1).max(100),
      caption: z.string().max(300).optional(),
      question_items: z.array(z.string().max(500)).max(30).optional(),
      upload_id: z.string().min(1).max(100).optional(),
    }),
  ).returns<UploadView>(),
  'stimuli.cancel': channel(z.object({ upload_id: z.string().min(1).max(100) })).returns<boolean>(),
  'stimuli.list': channel(z.object({ ...ws, project_id: id })).returns<StimulusView[]>(),
  'stimuli.assign': channel(
    z.object({
      ...ws,
      project_id: id,
      stimuli_id: id,
      question_items: z.array(z.string().min(1).max(500)).max(30),
      /** Omit to leave it unchanged; null clears it. */
      caption: z.string().max(300).nullable().optional(),
    }),
  ).returns<StimulusView[]>(),
};

const range = { start_turn: z.number().int().min(0), start_offset: z.number().int().min(0), end_turn: z.number().int().min(0), end_offset: z.number().int().min(0) };
const tags = z.array(z.string().trim().min(1).max(60)).max(20);

export const highlightChannels = {
  'highlights.add': channel(
    z.object({ ...ws, project_id: id, interview_id: id, ...range, start_ms: z.number().int().min(0).nullable(), quote: z.string().min(1).max(10_000), note: z.string().max(5000).default(''), tags: tags.default([]) }),
  ).returns<HighlightView>(),
  'highlights.update': channel(z.object({ ...ws, id, note: z.string().max(5000).optional(), tags: tags.optional() })).returns<HighlightView | null>(),
  'highlights.delete': channel(z.object({ ...ws, id })).returns<boolean>(),
  'highlights.list': channel(z.object({ ...ws, project_id: id.optional(), interview_id: id.optional(), tag: z.string().max(60).optional() })).returns<HighlightView[]>(),
  'notes.add': channel(z.object({ ...ws, project_id: id, interview_id: id.optional(), body: z.string().trim().min(1).max(20_000) })).returns<{ id: string }>(),
  'notes.list': channel(z.object({ ...ws, project_id: id, interview_id: id.optional() })).returns<{ id: string; interview_id: string | null; body: string; created_at: string }[]>(),
};
