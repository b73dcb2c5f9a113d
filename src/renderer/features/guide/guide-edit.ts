import type { ProjectDetail } from '../../../shared/views';
import { question, toQuestionBodies, toQuestionDrafts, type QuestionDraft } from '../study-form/model';

/** The guide as the edit form holds it. */
export type EditState = { title: string; intro_message: string; end_message: string; questions: QuestionDraft[] };
/** What a save sends: only the fields that changed. */
export type GuideChanges = {
  title?: string;
  intro_message?: string;
  end_message?: string | null;
  questions?: { question: string; probing_level: 'low' | 'medium' | 'high' }[];
};

export const LAUNCHED_REASON = 'This study has launched; its guide can no longer change.';

export const isLaunched = (p: ProjectDetail) => p.recruiting.has_launched || p.status === 'IN_PROGRESS' || p.status === 'COMPLETE' || p.status === 'PAUSED';

export function editFrom(p: ProjectDetail): EditState {
  const g = p.guide;
  return {
    title: p.title,
    intro_message: g?.intro_message ?? '',
    end_message: g?.end_message ?? '',
    // The external endpoint gives question texts only; medium is the service's standard depth.
    questions: g && g.questions.length > 0 ? toQuestionDrafts(g.questions) : [question()],
  };
}

const sameQuestions = (a: { question: string; probing_level: string }[], b: { question: string; probing_level: string }[]) =>
  a.length === b.length && a.every((q, i) => q.question.trim() === b[i]!.question.trim() && q.probing_level === b[i]!.probing_level);

/** Only what changed goes in the PATCH; an emptied end message is sent as null, which clears it. */
export function diff(p: ProjectDetail, e: EditState): GuideChanges {
  const g = p.guide;
  const out: GuideChanges = {};
  if (e.title.trim() !== p.title) out.title = e.title.trim();
  if (e.intro_message !== (g?.intro_message ?? '')) out.intro_message = e.intro_message;
  const end = e.end_message.trim();
  if (end !== (g?.end_message ?? '').trim()) out.end_message = end === '' ? null : end;
  if (!g || !sameQuestions(e.questions, g.questions)) out.questions = toQuestionBodies(e.questions);
  return out;
}
