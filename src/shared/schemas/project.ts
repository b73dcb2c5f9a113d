import { idSchema } from '../ids';
import { z } from 'zod';
import { interactionMode, probingLevel, probingLevelIn, projectStatusIn, projectType, projectTypeIn, recruitingType, recruitingTypeIn } from './enums';
import { LIMITS } from './limits';
import { keepGoodItems, looseInt, looseString } from './tolerant';

const text = (max: number, what: string) => z.string().trim().min(1, `${what} cannot be empty`).max(max, `${what} is longer than ${max} characters`);

// ---- What the client sends (strict) ----

export const questionInput = z.object({
  question: text(LIMITS.questionMax, 'A question'),
  probing_level: probingLevel,
});

/** Locale-style accent codes such as en-US, pt-BR or fr. */
export const LOCALE_CODE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

export const languageInput = z.object({
  language_name: text(80, 'The language name'),
  accent: z.string().trim().regex(LOCALE_CODE, 'The accent must be a locale code such as en-US'),
});

const questionsInput = z
  .array(questionInput)
  .min(1, 'Add at least one question')
  .max(LIMITS.questionsMax, `At most ${LIMITS.questionsMax} questions`)
  .refine((qs) => new Set(qs.map((q) => q.question)).size === qs.length, 'Two questions have the same text');

export const targetParticipants = z
  .number()
  .int('The target must be a whole number')
  .min(LIMITS.targetParticipantsMin, 'The target must be at least 1')
  .max(LIMITS.targetParticipantsMax, `The target can be at most ${LIMITS.targetParticipantsMax}`);

export const createProjectRequest = z.object({
  title: text(LIMITS.titleMax, 'The title').optional(),
  type: projectType.optional(),
  purpose: z.string().max(LIMITS.objectiveMax).optional(),
  research_objective: z.string().max(LIMITS.objectiveMax).optional(),
  intro_message: text(LIMITS.messageMax, 'The intro message'),
  end_message: z.string().max(LIMITS.messageMax).optional(),
  questions: questionsInput,
  target_participants: targetParticipants.optional(),
  recruiting_type: recruitingType.optional(),
  languages: z.array(languageInput).min(1, 'Add at least one language').max(LIMITS.languagesMax),
  interaction_modes: z
    .array(interactionMode)
    .min(1, 'Choose at least one interaction mode')
    .refine((m) => new Set(m).size === m.length, 'Each interaction mode once'),
});

export const patchProjectRequest = z
  .object({
    title: text(LIMITS.titleMax, 'The title').optional(),
    questions: questionsInput.optional(),
    intro_message: text(LIMITS.messageMax, 'The intro message').optional(),
    end_message: z.string().max(LIMITS.messageMax).nullable().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Change at least one field');

export const generateQuestionsRequest = z.object({
  research_objective: text(LIMITS.objectiveMax, 'The research objective'),
  type: projectType.optional(),
  project_id: z.string().min(1).optional(),
});

export const externalProjectRequest = z.object({
  organisation_id: z.string().trim().min(1, 'The organisation ID is required'),
  title: text(LIMITS.titleMax, 'The title'),
  research_objective: text(LIMITS.objectiveMax, 'The research objective'),
  ai_context: z.string().max(LIMITS.objectiveMax).optional(),
  target_audience: z.string().max(LIMITS.objectiveMax).optional(),
});

export const launchRequest = z.object({ target_participants: targetParticipants });

export type QuestionInput = z.infer<typeof questionInput>;
export type LanguageInput = z.infer<typeof languageInput>;
export type CreateProjectRequest = z.input<typeof createProjectRequest>;
export type PatchProjectRequest = z.input<typeof patchProjectRequest>;
export type GenerateQuestionsRequest = z.input<typeof generateQuestionsRequest>;
export type ExternalProjectRequest = z.input<typeof externalProjectRequest>;
export type LaunchRequest = z.input<typeof launchRequest>;

// ---- What the client reads (tolerant) ----

export const question = z.object({ question: z.string(), probing_level: probingLevelIn });
export type Question = z.output<typeof question>;

export const languageEntry = z.object({ language_name: z.string(), accent: z.string() });
export type LanguageEntry = z.output<typeof languageEntry>;

export const recruiting = z.object({
  completed_participants: looseInt.transform((n) => n ?? 0),
  has_launched: z
    .unknown()
    .optional()
    .transform((v) => v === true || v === 'true'),
  target_participants: looseInt,
  type: recruitingTypeIn,
});

export const projectListItem = z.object({
  id: idSchema,
  title: looseString.transform((t) => t ?? ''),
  status: projectStatusIn,
  created_at: looseString,
  recruiting: recruiting
    .nullable()
    .optional()
    .transform((r) => r ?? null),
  // Not in the spec's list item; the sandbox sends it and a real service may not.
  type: projectTypeIn.optional(),
});
export type ProjectListItem = z.output<typeof projectListItem>;

export const projectList = z.object({ items: keepGoodItems(projectListItem) });

export const createProjectResponse = z.object({
  id: z.string().min(1),
  interview_id: z.string().min(1),
});
export type CreateProjectResponse = z.output<typeof createProjectResponse>;

export const patchProjectResponse = z.object({
  id: z.string().min(1),
  interview_id: looseString,
  title: looseString,
  intro_message: looseString,
  end_message: looseString,
  questions: z.array(question),
  stimuli_cleared: z
    .unknown()
    .optional()
    .transform((v) => v === true),
});
export type PatchProjectResponse = z.output<typeof patchProjectResponse>;

export const generateQuestionsResponse = z.object({
  questions: z.array(question),
  suggested_title: looseString.transform((t) => t ?? ''),
  intro_message: looseString.transform((t) => t ?? ''),
  end_message: looseString.transform((t) => t ?? ''),
});
export type GenerateQuestionsResponse = z.output<typeof generateQuestionsResponse>;

export const interviewGuide = z.object({
  intro_message: looseString.transform((t) => t ?? ''),
  questions: z.array(z.union([z.string(), z.object({ question: z.string() }).transform((q) => q.question)])),
});
export type InterviewGuide = z.output<typeof interviewGuide>;

export const externalProjectResponse = z.object({
  project_id: z.string().min(1),
  title: looseString.transform((t) => t ?? ''),
  status: projectStatusIn,
  interview_guide: interviewGuide,
  created_at: looseString,
});
export type ExternalProjectResponse = z.output<typeof externalProjectResponse>;

export const launchResult = z.object({
  project_id: z.string().min(1),
  status: projectStatusIn,
  target_participants: looseInt,
  // Missing or unreadable stays null ("not stated"): 0 would claim no trial credits were used.
  trial_credits_used: looseInt,
  balance_charged: looseString,
  balance_remaining: looseString,
  call_url: z.string().min(1),
  recruiting_type: recruitingTypeIn,
});
export type LaunchResult = z.output<typeof launchResult>;
