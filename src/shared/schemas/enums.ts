import { z } from 'zod';
import { tolerantEnum } from './tolerant';

export const PROJECT_TYPES = ['USER_INTERVIEW', 'STIMULI', 'CHURN'] as const;
export const PROJECT_STATUSES = ['DRAFT', 'STARTED', 'IN_PROGRESS', 'COMPLETE', 'PAUSED'] as const;
export const RECRUITING_TYPES = ['INTERNAL', 'USER_INTERVIEWS'] as const;
export const INTERACTION_MODES = ['video', 'audio', 'chat'] as const;
export const PROBING_LEVELS = ['low', 'medium', 'high'] as const;
export const REPORT_STATUSES = ['PROCESSING', 'COMPLETED', 'FAILED'] as const;
export const INTERVIEW_STATUSES = ['STARTED', 'INCOMPLETE', 'COMPLETE'] as const;
export const TRANSCRIPT_ROLES = ['AI', 'User'] as const;

export type ProjectType = (typeof PROJECT_TYPES)[number];
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export type RecruitingType = (typeof RECRUITING_TYPES)[number];
export type InteractionMode = (typeof INTERACTION_MODES)[number];
export type ProbingLevel = (typeof PROBING_LEVELS)[number];
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export type InterviewStatus = (typeof INTERVIEW_STATUSES)[number];
export type TranscriptRole = (typeof TRANSCRIPT_ROLES)[number];

/** What each probing level means to a participant: the number of AI follow-ups per question. */
export const FOLLOW_UPS: Record<ProbingLevel, number> = { low: 0, medium: 1, high: 3 };

// Strict forms: what the client sends and the sandbox accepts.
export const projectType = z.enum(PROJECT_TYPES);
export const recruitingType = z.enum(RECRUITING_TYPES);
export const interactionMode = z.enum(INTERACTION_MODES);
export const probingLevel = z.enum(PROBING_LEVELS);

// Tolerant forms: what the client reads.
export const projectTypeIn = tolerantEnum(PROJECT_TYPES);
export const projectStatusIn = tolerantEnum(PROJECT_STATUSES);
export const recruitingTypeIn = tolerantEnum(RECRUITING_TYPES);
export const interactionModeIn = tolerantEnum(INTERACTION_MODES);
export const probingLevelIn = tolerantEnum(PROBING_LEVELS);
export const reportStatusIn = tolerantEnum(REPORT_STATUSES);
export const interviewStatusIn = tolerantEnum(INTERVIEW_STATUSES);
