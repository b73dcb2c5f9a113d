/**
 * Shapes main returns from the offline cache. Plain data, declared here so the renderer can use them
 * without knowing anything about main.
 */
import type { CreditBalance } from './schemas/credits';
import type { EmbedInfo } from './schemas/embed';
import type { Participant, Screener } from './schemas/interview';
import type { Report } from './schemas/report';
import type { StimulusRecord } from './schemas/stimulus';
import type { TranscriptTurn } from './schemas/transcript';

export type ProjectSummary = {
  id: string;
  title: string;
  status: string;
  type: string | null;
  created_at: string | null;
  recruiting: { completed_participants: number; target_participants: number | null; has_launched: boolean; type: string | null };
  /** When the latest interview saved on this computer was completed; null when none is. */
  last_interview_at: string | null;
};

export type ProjectGuide = {
  interview_id: string | null;
  research_objective: string | null;
  intro_message: string | null;
  end_message: string | null;
  languages: { language_name: string; accent: string }[];
  interaction_modes: string[];
  call_url: string | null;
  questions: { question: string; probing_level: string }[];
  source: string;
  updated_at: string;
};

export type ProjectDetail = ProjectSummary & {
  guide: ProjectGuide | null;
  stimuli: StimulusRecord[];
  embed: EmbedInfo | null;
  allowed_urls: string[] | null;
  report: (Report & { synced_at: string }) | null;
  synced_at: string | null;
  /** Why a side read was not available at the last sync (for example "no report yet"), by kind. */
  unavailable: { embed?: string; allow_list?: string; stimuli?: string; report?: string };
};

export type InterviewRow = {
  id: string;
  project_id: string;
  /**
   * The study's participant code for this interview, "P07" (src/shared/participant-code.ts): the same in every
   * artefact. Empty while the study's first sync is still saving its interviews (codes are given at its end).
   */
  code: string;
  status: string;
  completed_at: string | null;
  duration_minutes: number | null;
  participant_name: string | null;
  participant_email: string | null;
  screener_approved: boolean | null;
  detail_state: 'pending' | 'complete';
  turn_count: number;
  has_video: boolean;
  offline: boolean;
};

/** An interview either side in the list: named as the list names it, "Name (P07)" (participantLabel). `code` is empty until given. */
export type NeighbourRef = { id: string; participant_name: string | null; code: string };
/** Where an interview sits in the Interviews list as filtered: 1-based position (null when the filters leave it out) and the ones either side. */
export type InterviewNeighbours = { position: number | null; total: number; previous: NeighbourRef | null; next: NeighbourRef | null };

export type InterviewDetail = Omit<InterviewRow, 'offline'> & {
  participant: Participant | null;
  screener: Screener | null;
  transcript: TranscriptTurn[];
  thumbnail_url: string | null;
  offline: boolean;
};

export type SyncStatus = {
  running: boolean;
  progress: { phase: string; done: number; total: number } | null;
  last_started_at: string | null;
  last_completed_at: string | null;
  last_error: string | null;
};

export type CreditsView = (CreditBalance & { synced_at: string }) | null;
/**
 * The price per participant (minor units) an earlier launch from this workspace was charged, read from
 * its launch result; null when no launch from here has shown one. The contract itself states no price.
 */
export type LaunchPrice = { per_participant_minor: number; launched_at: string; project_id: string; project_title: string | null } | null;
