import type { QuestionGrid } from '../../../shared/analysis/question-grid';
import { ErrorNote } from '../../components/ErrorNote';
import type { GridSlice } from './store';

/** What sits between the toolbar and the grid: the export's outcome, errors, and how to read the columns. */
export function GridNotes({ grid, slice: s, onRetry }: { grid: QuestionGrid; slice: GridSlice; onRetry: () => void }) {
  return (
    <>
      {s.exported && (
        <p className="qg-saved" role="status">
          Saved the grid to <span className="mono">{s.exported.file}</span>
        </p>
      )}
      {s.exportError && <ErrorNote error={s.exportError} />}
      {s.error && <ErrorNote error={s.error} onRetry={onRetry} />}
      {grid.guide === 'inferred' && (
        <p className="qg-note" role="note">
          <strong>Guide inferred from the transcripts.</strong> Fieldwork does not know this study’s guide (it was not created or edited here), so the questions
          are what the interviewer asked in most interviews, in the same order; its other turns count as follow-ups.
        </p>
      )}
      {grid.unmatched.turns > 0 && (
        <p className="qg-note qg-note-quiet" role="note">
          {grid.unmatched.turns} participant {grid.unmatched.turns === 1 ? 'turn' : 'turns'} in {grid.unmatched.interviews}{' '}
          {grid.unmatched.interviews === 1 ? 'interview' : 'interviews'} came before any question: they are in the Unmatched column.
        </p>
      )}
    </>
  );
}
