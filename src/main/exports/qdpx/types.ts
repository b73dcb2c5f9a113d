/**
 * The shapes of a QDPX export: what it is given (QdpxInput, QdpxOptions) and what it plans (QdpxPlan). Apart
 * from project.ts so the parts it puts together (codebook, selections, sources) can name them without
 * importing the file that imports them.
 */
import type { CodeView } from '../../../shared/ipc/channels/codes';
import type { HighlightView } from '../../../shared/ipc/channels/highlights';
import type { InterviewDetail } from '../../../shared/views';
import type { QdpxLineEnding, TranscriptText } from './transcript-text';

export type QdpxQuote = string | { text: string; interview_id?: string; turn_index?: number };

export type QdpxTheme = { title: string; summary?: string | null; frequency?: number; quotes: QdpxQuote[] };

export type QdpxInput = {
  project: { id: string; title: string; summary?: string | null };
  user: { id: string; name: string };
  interviews: InterviewDetail[];
  themes?: QdpxTheme[];
  highlights?: HighlightView[];
  /** The study's codebook: categories (not codable) holding codes, with colours and descriptions. */
  codes?: CodeView[];
  /** Cached video files by interview id: embedded in the zip and referenced as `internal://`. */
  videoFiles?: Record<string, string>;
  /** Service video URLs by interview id: referenced when there is no cached file. */
  videoUrls?: Record<string, string>;
  /** How the summary names an interview (the transcript files' own names); its participant code when not given. */
  label?: (interview: InterviewDetail) => string;
};

export type QdpxOptions = {
  lineEnding: QdpxLineEnding;
  /** Participant names, emails, custom fields and screener answers. Off by default: exports leave the machine. */
  includeParticipant: boolean;
  /** When the export happened; fixed in tests so output is reproducible. */
  now: Date;
};

export type QdpxTextFile = { path: string; content: string };
export type QdpxVideoFile = { path: string; sourcePath: string };

export type QdpxPlan = {
  xml: string;
  /** Zip paths (under `sources/`) and contents of the transcript texts. */
  texts: QdpxTextFile[];
  /** Video files to copy into the zip. */
  videos: QdpxVideoFile[];
  /** What the export summary should tell the user: external videos, quotes not found, and so on. */
  notes: string[];
  /** For tests and callers: the transcript text and sync points of each exported interview. */
  transcripts: { interviewId: string; sourceGuid: string; text: TranscriptText; syncPoints: SyncPoint[] }[];
};

/** `timeStamp` is null where the turn's time is unknown: the point then has a position only (it is optional in REFI-QDA). */
export type SyncPoint = { guid: string; position: number; timeStamp: number | null; turnStart: number | null };
