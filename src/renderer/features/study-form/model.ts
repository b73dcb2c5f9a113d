import { INTERACTION_MODES, PROBING_LEVELS, type InteractionMode, type ProbingLevel, type RecruitingType } from '../../../shared/schemas/enums';
import { LIMITS } from '../../../shared/schemas/limits';
import { createProjectRequest, type CreateProjectRequest } from '../../../shared/schemas/project';

/** Rows carry a stable key so React keeps focus and text on the right row across reorders. */
export type QuestionDraft = { key: string; question: string; probing_level: ProbingLevel };
/** `custom`: the accent is typed as a code rather than picked from the common list. */
export type LanguageDraft = { key: string; language_name: string; accent: string; custom?: boolean };

export type StudyFormValues = {
  title: string;
  type: 'USER_INTERVIEW' | 'CHURN' | 'STIMULI';
  research_objective: string;
  intro_message: string;
  end_message: string;
  questions: QuestionDraft[];
  languages: LanguageDraft[];
  interaction_modes: InteractionMode[];
  /** Kept as typed so a half-typed number is never lost; checked on submit. */
  target_participants: string;
  recruiting_type: RecruitingType;
};

/** Field errors keyed by path: `title`, `questions`, `questions.2`, `languages.0.accent`, `interaction_modes`... */
export type FormErrors = Record<string, string>;

let seq = 0;
export const newKey = () => `k${Date.now().toString(36)}${(seq++).toString(36)}`;

export const question = (text = '', probing_level: ProbingLevel = 'medium'): QuestionDraft => ({ key: newKey(), question: text, probing_level });
export const language = (language_name = '', accent = ''): LanguageDraft => ({ key: newKey(), language_name, accent });

export const PROBING_INFO: Record<ProbingLevel, { label: string; followUps: string }> = {
  low: { label: 'Low', followUps: 'no follow-ups' },
  medium: { label: 'Medium', followUps: '1 follow-up (standard depth)' },
  high: { label: 'High', followUps: '3 follow-ups' },
};

export const isProbingLevel = (v: string): v is ProbingLevel => (PROBING_LEVELS as readonly string[]).includes(v);
/** Questions from the service (an AI draft, a saved guide) as editable drafts; a level it does not name reads as medium, the service's standard depth. */
export const toQuestionDrafts = (qs: readonly { question: string; probing_level: string }[]): QuestionDraft[] =>
  qs.map((q) => question(q.question, isProbingLevel(q.probing_level) ? q.probing_level : 'medium'));
/** Edited questions as the service takes them: text trimmed, with their probing level. */
export const toQuestionBodies = (qs: readonly QuestionDraft[]) => qs.map((q) => ({ question: q.question.trim(), probing_level: q.probing_level }));
export const isInteractionMode = (v: string): v is InteractionMode => (INTERACTION_MODES as readonly string[]).includes(v);

export const MODE_INFO: Record<InteractionMode, { label: string; detail: string }> = {
  video: { label: 'Video', detail: 'Camera and microphone' },
  audio: { label: 'Audio', detail: 'Microphone only' },
  chat: { label: 'Chat', detail: 'Typed text only' },
};

export function emptyStudyForm(over: Partial<StudyFormValues> = {}): StudyFormValues {
  return {
    title: '',
    type: 'USER_INTERVIEW',
    research_objective: '',
    intro_message: '',
    end_message: '',
    questions: [question()],
    languages: [language('English', 'en-US')],
    interaction_modes: ['video', 'audio'],
    target_participants: '10',
    recruiting_type: 'INTERNAL',
    ...over,
  };
}

/** The POST /v1/projects body this form describes. Blank optional fields are left out rather than sent empty. */
export function toCreateBody(v: StudyFormValues): CreateProjectRequest {
  const target = v.target_participants.trim();
  return {
    ...(v.title.trim() ? { title: v.title.trim() } : {}),
    type: v.type,
    ...(v.research_objective.trim() ? { research_objective: v.research_objective.trim() } : {}),
    intro_message: v.intro_message,
    ...(v.end_message.trim() ? { end_message: v.end_message.trim() } : {}),
    questions: toQuestionBodies(v.questions),
    // A non-number stays a string here so validation reports it instead of silently dropping it.
    ...(target ? { target_participants: /^\d+$/.test(target) ? Number(target) : (target as unknown as number) } : {}),
    recruiting_type: v.recruiting_type,
    languages: v.languages.map((l) => ({ language_name: l.language_name, accent: l.accent.trim() })),
    interaction_modes: v.interaction_modes,
  };
}

/** Issue paths from the shared schema, turned into this form's error keys. */
export function issuesToErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FormErrors {
  const errors: FormErrors = {};
  for (const i of issues) {
    const [head, index, field] = i.path.map(String);
    let key = head ?? 'form';
    if (head === 'questions' && index !== undefined) key = `questions.${index}`;
    else if (head === 'languages' && index !== undefined) key = `languages.${index}.${field ?? 'language_name'}`;
    errors[key] ??= i.message.endsWith('.') ? i.message : `${i.message}.`;
  }
  return errors;
}

/** The same rules the service applies, checked here so the researcher sees them beside the field. */
export function validateStudyForm(v: StudyFormValues, opts: { requireTitle?: boolean } = {}): FormErrors {
  const r = createProjectRequest.safeParse(toCreateBody(v));
  const errors = r.success ? {} : issuesToErrors(r.error.issues);
  if (opts.requireTitle !== false && v.title.trim() === '') errors.title = 'Give the study a title.';
  if (errors.target_participants && !/^\d+$/.test(v.target_participants.trim())) errors.target_participants = 'Enter a whole number of participants.';
  if (errors.intro_message && v.intro_message.trim() === '') errors.intro_message = 'Write the message participants see before the interview.';
  v.questions.forEach((q, i) => {
    if (q.question.trim() === '') errors[`questions.${i}`] = 'Write this question, or delete it.';
  });
  return errors;
}

/** Validates just the guide parts a PATCH can change. */
export function validateGuideEdit(v: { title: string; intro_message: string; end_message: string; questions: QuestionDraft[] }): FormErrors {
  const base = emptyStudyForm({ ...v, title: v.title });
  const errors = validateStudyForm(base);
  const keep: FormErrors = {};
  for (const [k, m] of Object.entries(errors)) if (k === 'title' || k === 'intro_message' || k === 'end_message' || k.startsWith('questions')) keep[k] = m;
  return keep;
}

export const LIMIT_HINTS = {
  questionMax: LIMITS.questionMax,
  questionsMax: LIMITS.questionsMax,
  languagesMax: LIMITS.languagesMax,
  targetMax: LIMITS.targetParticipantsMax,
};
