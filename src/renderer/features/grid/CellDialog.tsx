import type { GridCode, GridRow } from '../../../shared/analysis/question-grid';
import { openInterview } from '../../app/nav-store';
import { Dialog } from '../../components/Dialog';
import { timecode } from '../../lib/timecode';
import { CodeChip } from './CodeChip';
import { cellAt, type Column } from './grid-columns';

/** One answer in full (a cell shows only its start), with its codes and a way to play it in the interview. */
export function CellDialog({
  projectId,
  row,
  col,
  codes,
  onClose,
}: {
  projectId: string;
  row: GridRow;
  col: Column;
  codes: Map<string, GridCode>;
  onClose: () => void;
}) {
  const cell = cellAt(row, col);
  const title = `${row.participant}: ${col.label}`;
  return (
    <Dialog title={title} onClose={onClose} wide>
      <div className="qg-detail">
        <p className="qg-detail-question">{col.text}</p>
        <p className="muted qg-detail-meta">
          {[
            row.group,
            cell?.confidence === 'exact' ? 'Asked word for word' : cell?.confidence === 'similar' ? 'Asked in other words (a similar match)' : null,
            cell && cell.start_ms !== null ? `at ${timecode(cell.start_ms)}` : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {cell ? (
          <>
            <div className="qg-detail-text">
              {cell.text.split('\n\n').map((para, i) => (
                <p key={i}>{para}</p>
              ))}
            </div>
            {cell.codes.length > 0 && (
              <div className="qg-chips" aria-label="Codes">
                {cell.codes.map((id) => {
                  const c = codes.get(id);
                  return c ? <CodeChip key={id} code={c} /> : null;
                })}
              </div>
            )}
            <button
              type="button"
              className="btn btn-primary btn-small"
              onClick={() => {
                onClose();
                openInterview(projectId, row.interview_id, cell.start_ms);
              }}
            >
              ▶ {cell.start_ms !== null ? `Play from ${timecode(cell.start_ms)}` : 'Open the interview'}
            </button>
          </>
        ) : (
          <p className="muted">No answer to this question in this interview.</p>
        )}
      </div>
    </Dialog>
  );
}
