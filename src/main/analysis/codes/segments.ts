import { coderLabel } from '../../../shared/analysis/codebook';
import { participantCode, participantLabel } from '../../../shared/participant-code';
import type { CodeSegmentsView, CodeSegmentView, CodeView } from '../../../shared/ipc/channels/codes';
import type { Cache } from '../../cache/cache';
import type { CodeSegmentRow, SegmentFilter } from '../../cache/queries/code-segments';
import { AppError } from '../../errors';
import { questionLookup, studyQuestions, type QuestionLookup } from './questions';

export type { SegmentFilter } from '../../cache/queries/code-segments';

/** "Ana Souza (P03)", or "P03" for an interview with no participant name (its stored participant code's number). */
export const interviewLabel = (name: string | null, n: number): string => participantLabel(participantCode(n), name);

/**
 * Retrieval of one code's segments from the offline cache: the cache reads the rows and cuts the coded
 * words out of the turns; this adds the question each answers and how its coder is shown. Works offline.
 */
export function codeSegments(cache: Pick<Cache, 'call'>, o: { researcherName: () => string; lookup?: QuestionLookup }) {
  const lookup = o.lookup ?? questionLookup(cache);
  const code = async (id: string): Promise<CodeView> => {
    const c = await cache.call('codes.get', { id });
    if (!c) throw new AppError('not_found', 'That code is no longer in the codebook. Reload the codes and try again.');
    return c;
  };
  const views = async (c: CodeView, rows: CodeSegmentRow[], withQuestions = true): Promise<CodeSegmentView[]> => {
    const questions = withQuestions ? await lookup.questionsFor(c.project_id, rows) : [];
    const me = o.researcherName();
    return rows.map((r, i) => ({
      id: r.highlight_id,
      interview_id: r.interview_id,
      interview_n: r.interview_n,
      participant_name: r.participant_name,
      participant: interviewLabel(r.participant_name, r.interview_n),
      question: questions[i]?.text ?? null,
      question_index: questions[i]?.index ?? null,
      coder: r.coder,
      coder_label: coderLabel(r.coder, me),
      start_ms: r.start_ms,
      end_ms: r.end_ms,
      text: r.text,
      note: r.note,
    }));
  };
  return {
    /** A page of the segments that pass the filter, with the filters' choices over all the code's segments. */
    async page(codeId: string, filter: SegmentFilter, p: { offset?: number; limit?: number; facets?: boolean } = {}): Promise<CodeSegmentsView> {
      const c = await code(codeId);
      const offset = p.offset ?? 0;
      const [rows, total, facets, questions] = await Promise.all([
        cache.call('codes.segments', { codeId, ...filter, offset, limit: p.limit ?? 200 }),
        cache.call('codes.segmentCount', { codeId, ...filter }),
        p.facets === false ? null : cache.call('codes.segmentFacets', { codeId }),
        studyQuestions(cache, c.project_id),
      ]);
      const me = o.researcherName();
      return {
        code: c,
        total,
        offset,
        segments: await views(c, rows),
        questions_known: questions !== null,
        questions_inferred: questions?.inferred ?? false,
        facets: facets && { ...facets, coders: facets.coders.map((k) => ({ ...k, label: coderLabel(k.coder, me) })) },
      };
    },
    /** Every segment that passes the filter (for an export or the command line); `questions: false` leaves the question out. */
    async all(codeId: string, filter: SegmentFilter = {}, opts: { questions?: boolean } = {}): Promise<{ code: CodeView; segments: CodeSegmentView[] }> {
      const c = await code(codeId);
      return { code: c, segments: await views(c, await cache.call('codes.segments', { codeId, ...filter }), opts.questions ?? true) };
    },
  };
}
export type CodeSegments = ReturnType<typeof codeSegments>;
