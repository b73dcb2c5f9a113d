import { useId } from 'react';
import type { QdpxImportReport, QdpxSourceReport } from '../../../shared/ipc/channels/imports';
import { Dialog } from '../../components/Dialog';
import { ErrorNote } from '../../components/ErrorNote';
import type { TabProps } from '../interviews/InterviewsTab';
import { useQdpxImport } from './store';
import './qdpx-import.css';

const BY: Record<NonNullable<QdpxSourceReport['matched_by']>, string> = { guid: 'Fieldwork’s ID', name: 'name', text: 'transcript text' };
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/**
 * "Import from a QDA tool…": a REFI-QDA project (.qdpx) or codebook (.qdc) from NVivo, MAXQDA, ATLAS.ti or
 * QualCoder comes into the study as one coder's codes and codings; the result says what matched.
 */
export function ImportQdpx({ workspace, project }: TabProps) {
  const s = useQdpxImport();
  const isOpen = s.target?.workspaceId === workspace.id && s.target.projectId === project.id;
  return (
    <>
      <button type="button" className="btn" onClick={() => s.open(workspace.id, project.id)}>
        Import from a QDA tool…
      </button>
      {isOpen && <ImportDialog />}
    </>
  );
}

function ImportDialog() {
  const s = useQdpxImport();
  const id = useId();
  const canRun = s.file !== null && s.coder.trim() !== '' && !s.running;
  const footer = s.report ? (
    <>
      <button type="button" className="btn" onClick={s.again}>
        Import another file
      </button>
      <button type="button" className="btn btn-primary" onClick={s.close}>
        Done
      </button>
    </>
  ) : (
    <>
      <button type="button" className="btn" onClick={s.close} disabled={s.running}>
        Cancel
      </button>
      <button type="button" className="btn btn-primary" disabled={!canRun} onClick={() => void s.run()}>
        {s.running ? 'Importing…' : 'Import'}
      </button>
    </>
  );
  return (
    <Dialog title="Import from a QDA tool" onClose={s.close} footer={footer} wide>
      {s.report ? (
        <ImportResult report={s.report} />
      ) : (
        <form
          className="qi-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (canRun) void s.run();
          }}
        >
          <p className="muted">
            A REFI-QDA project (.qdpx) or codebook (.qdc) exported from NVivo, MAXQDA, ATLAS.ti or QualCoder. Its codes join this study’s codebook (codes with
            the same name merge), and its codings land on the matching interviews’ transcripts as one coder’s.
          </p>
          <div className="field">
            <label htmlFor={`${id}-file`}>Project or codebook file</label>
            <input
              id={`${id}-file`}
              type="file"
              accept=".qdpx,.qdc,.qde"
              disabled={s.running}
              onChange={(e) => s.setFile(e.currentTarget.files?.[0] ?? null)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-coder`}>Coder</label>
            <input
              id={`${id}-coder`}
              className="input"
              value={s.coder}
              maxLength={80}
              disabled={s.running}
              aria-describedby={`${id}-coder-hint`}
              onChange={(e) => s.setCoder(e.currentTarget.value)}
            />
            <span className="hint" id={`${id}-coder-hint`}>
              Whose coding this is, for example the colleague who coded in the other tool. Agreement compares coders by this name.
            </span>
          </div>
          {s.running && (
            <p role="status" aria-live="polite">
              Importing {s.file?.name}…
            </p>
          )}
          {s.error && <ErrorNote error={s.error} />}
        </form>
      )}
    </Dialog>
  );
}

function ImportResult({ report: r }: { report: QdpxImportReport }) {
  const matched = r.sources.filter((x) => x.interview_id);
  const unmatched = r.sources.filter((x) => !x.interview_id);
  const c = r.codings;
  return (
    <div className="qi-result" role="status">
      <p>
        <strong>
          {r.file_kind === 'codebook'
            ? `Imported the codebook${r.origin ? ` from ${r.origin}` : ''}.`
            : `Imported ${plural(c.imported, 'coding')} by ${r.coder}${r.origin ? ` from ${r.origin}` : ''}.`}
        </strong>
        {r.file_kind === 'project' && (
          <>
            {' '}
            {matched.length} of {plural(r.sources.length, 'source')} matched an interview
            {c.unmatched > 0 ? `; ${plural(c.unmatched, 'coding')} could not be placed` : ''}
            {c.already_there > 0 ? `; ${plural(c.already_there, 'coding')} were already there from an earlier import` : ''}.
          </>
        )}
      </p>
      {r.sources.length > 0 && (
        <section aria-labelledby="qi-sources">
          <h3 id="qi-sources">Sources</h3>
          <table className="table qi-table">
            <thead>
              <tr>
                <th scope="col">Source</th>
                <th scope="col">Interview</th>
                <th scope="col">Matched by</th>
                <th scope="col">Codings imported</th>
              </tr>
            </thead>
            <tbody>
              {r.sources.map((x) => (
                <tr key={x.guid + x.name}>
                  <th scope="row" className="qi-name">
                    {x.name || x.guid}
                  </th>
                  <td>{x.interview_id ? (x.participant ?? x.interview_id) : <span className="qi-missing">Not matched</span>}</td>
                  <td>{x.matched_by ? BY[x.matched_by] : '—'}</td>
                  <td>
                    {x.imported} of {x.codings}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {(unmatched.length > 0 || r.sources.some((x) => x.interview_id && x.unmatched.length > 0)) && (
        <section aria-labelledby="qi-unmatched">
          <h3 id="qi-unmatched">Not imported</h3>
          <ul className="qi-list">
            {unmatched.map((x) => (
              <li key={`s-${x.guid}`}>
                <strong>{x.name || x.guid}</strong>: {x.reason}
              </li>
            ))}
            {r.sources.flatMap((x) =>
              x.interview_id
                ? x.unmatched.map((u, i) => (
                    <li key={`c-${x.guid}-${i}`}>
                      <strong>{x.name}</strong>, “{u.selection}” ({u.codes.join(', ')}): {u.reason}
                    </li>
                  ))
                : [],
            )}
          </ul>
        </section>
      )}
      <section aria-labelledby="qi-codes">
        <h3 id="qi-codes">Codes</h3>
        <p>
          {plural(r.codes.created.length, 'code')} created, {plural(r.codes.merged.length, 'code')} merged with codes already in this study
          {r.codes.categories.length > 0 ? `, ${plural(r.codes.categories.length, 'category', 'categories')} created` : ''}.
        </p>
        {r.codes.created.length > 0 && <p className="muted">New: {r.codes.created.join(', ')}</p>}
        {r.codes.merged.length > 0 && <p className="muted">Merged: {r.codes.merged.join(', ')}</p>}
        {r.codes.skipped.map((k) => (
          <p key={k.name} className="muted">
            {k.reason}
          </p>
        ))}
      </section>
      {r.notes.length > 0 && (
        <ul className="qi-list qi-notes" aria-label="Notes">
          {r.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
