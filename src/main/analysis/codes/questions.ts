import { alignTurns } from '../../../shared/question-alignment';
import type { Cache } from '../../cache/cache';

/** The questions a study's interviews are lined up against, in the guide's order. */
export type StudyQuestions = { texts: string[]; /** Worked out from the transcripts rather than known from the guide. */ inferred: boolean };

/** Which question a segment answers: its place in the study's questions (from 0) and its text. */
export type SegmentQuestion = { index: number; text: string; inferred: boolean };

/**
 * The study's questions: the guide Fieldwork keeps for studies created or edited in it (and the demo), else
 * the guide inferred from the transcripts, as the question grid infers it (the contract has no read of a
 * project's questions). Null when neither gives any, and a segment's question is then unknown.
 */
export async function studyQuestions(cache: Pick<Cache, 'call'>, projectId: string): Promise<StudyQuestions | null> {
  return cache.call('grid.questions', { projectId });
}

type Aligned = { version: string; key: string; byTurn: Map<number, number | null> };
const MEMO_LIMIT = 5000;

/**
 * The question each segment's first turn falls under, by lining its interview's turns up with the study's
 * questions (shared/question-alignment.ts, as the viewer and the grid do). An interview's alignment is kept
 * while its saved transcript and the questions are unchanged, so paging through a code's segments, or
 * opening another code, aligns each interview once.
 */
export function questionLookup(cache: Pick<Cache, 'call'>) {
  const memo = new Map<string, Aligned>();
  const remember = (id: string, a: Aligned) => {
    memo.delete(id);
    memo.set(id, a);
    if (memo.size > MEMO_LIMIT) memo.delete(memo.keys().next().value!);
  };
  return {
    async questionsFor(projectId: string, refs: readonly { interview_id: string; start_turn: number }[]): Promise<(SegmentQuestion | null)[]> {
      if (refs.length === 0) return [];
      const questions = await studyQuestions(cache, projectId);
      if (!questions) return refs.map(() => null);
      const key = JSON.stringify(questions.texts);
      const ids = [...new Set(refs.map((r) => r.interview_id))];
      const versions = await cache.call('codes.transcriptVersions', { interviewIds: ids });
      const stale = ids.filter((id) => {
        const m = memo.get(id);
        return !m || m.key !== key || m.version !== versions[id];
      });
      if (stale.length > 0) {
        for (const iv of await cache.call('codes.alignmentTurns', { interviewIds: stale })) {
          const alignment = alignTurns(iv.turns, questions.texts, { ordered: true });
          remember(iv.interview_id, { version: iv.version, key, byTurn: new Map(iv.turns.map((t, i) => [t.idx, alignment.turns[i]!.question])) });
        }
      }
      return refs.map((r) => {
        const q = memo.get(r.interview_id)?.byTurn.get(r.start_turn);
        return q === undefined || q === null ? null : { index: q, text: questions.texts[q]!, inferred: questions.inferred };
      });
    },
  };
}
export type QuestionLookup = ReturnType<typeof questionLookup>;
