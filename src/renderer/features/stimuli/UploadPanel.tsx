import { useId, useRef, useState, type DragEvent } from 'react';
import { ErrorNote } from '../../components/ErrorNote';
import { ProgressBar } from '../../components/ProgressBar';
import { ACCEPT, formatBytes, FORMATS_HINT } from './file-check';
import { isActive, useStimuli, type StagedFile } from './store';

export const hasFiles = (e: { dataTransfer: DataTransfer | null }) => !!e.dataTransfer && Array.from(e.dataTransfer.types).includes('Files');

/**
 * Drop zone, file button and the files on their way in: each checked before anything is sent (format,
 * size, its bytes), with a caption, a progress bar and Cancel. Uploads carry on if the researcher
 * leaves the tab; they live in the stimuli store.
 */
export function UploadPanel({ workspaceId, projectId, compact = false }: { workspaceId: string; projectId: string; compact?: boolean }) {
  const staged = useStimuli((s) => s.staged).filter((f) => f.workspaceId === workspaceId && f.projectId === projectId);
  const { addFiles, uploadAll, clearFinished } = useStimuli.getState();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();
  const ready = staged.filter((f) => f.state === 'ready').length;
  const checking = staged.some((f) => f.state === 'checking');
  const busy = staged.some(isActive);
  const done = staged.filter((f) => f.state === 'done').length;

  const onDrop = (e: DragEvent) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    // Handled here; the window-level handler must not add the same files again.
    e.stopPropagation();
    setOver(false);
    addFiles(workspaceId, projectId, Array.from(e.dataTransfer.files));
  };

  return (
    <section className="upload-panel" aria-label="Add stimuli">
      <div
        className={`dropzone${over ? ' dropzone-over' : ''}${compact ? ' dropzone-compact' : ''}`}
        onDragOver={(e) => {
          if (!hasFiles(e)) return;
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="stimuli-dropzone"
      >
        <p>
          <strong>Drop images or videos here</strong> <span className="muted">or</span>{' '}
          <button type="button" className="btn btn-small" onClick={() => input.current?.click()} aria-describedby={hintId}>
            Choose files…
          </button>
        </p>
        <p className="muted hint" id={hintId}>
          {FORMATS_HINT}
        </p>
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPT}
          className="visually-hidden"
          aria-label="Stimulus files"
          tabIndex={-1}
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            e.target.value = '';
            if (files.length) addFiles(workspaceId, projectId, files);
          }}
        />
      </div>
      {staged.length > 0 && (
        <>
          <ul className="staged-list" aria-label="Files to add">
            {staged.map((f) => (
              <StagedRow key={f.id} f={f} />
            ))}
          </ul>
          <div className="row-8 staged-actions">
            {(ready > 0 || (!busy && !checking && done === 0)) && (
              <button type="button" className="btn btn-primary" disabled={ready === 0 || busy} onClick={() => void uploadAll(workspaceId, projectId)}>
                {ready === 0 ? 'Upload' : `Upload ${ready} ${ready === 1 ? 'file' : 'files'}`}
              </button>
            )}
            {checking && (
              <span className="muted row-8" role="status">
                <span className="spinner" aria-hidden="true" /> Checking files…
              </span>
            )}
            {done > 0 && !busy && (
              <button type="button" className="btn btn-ghost btn-small" onClick={() => clearFinished(workspaceId, projectId)}>
                Clear added
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );
}

function StagedRow({ f }: { f: StagedFile }) {
  const { setCaption, remove, cancel, retry } = useStimuli.getState();
  const captionId = useId();
  const editable = f.state === 'ready' || f.state === 'checking' || f.state === 'failed' || f.state === 'cancelled';
  return (
    <li className={`staged-row staged-${f.state}`} aria-label={f.name}>
      <div className="staged-thumb" aria-hidden="true">
        {f.previewUrl ? <img src={f.previewUrl} alt="" /> : <span className="staged-kind">{f.kind === 'video' ? '▶' : f.state === 'invalid' ? '!' : '·'}</span>}
      </div>
      <div className="staged-main">
        <div className="staged-name">
          <span className="staged-filename" title={f.name}>
            {f.name}
          </span>
          <span className="muted num">{formatBytes(f.size)}</span>
        </div>
        {f.state === 'invalid' ? (
          <p className="field-error" role="alert">
            {f.problem}
          </p>
        ) : (
          <div className="staged-caption">
            <label htmlFor={captionId} className="visually-hidden">
              Caption for {f.name}
            </label>
            <input
              id={captionId}
              className="input"
              placeholder="Caption shown below it, e.g. “Concept A: kraft box”"
              maxLength={300}
              value={f.caption}
              readOnly={!editable}
              onChange={(e) => setCaption(f.id, e.target.value)}
            />
          </div>
        )}
        {(f.state === 'preparing' || f.state === 'uploading' || f.state === 'queued') && (
          <div className="staged-progress">
            <ProgressBar value={f.sent} max={f.total || f.size} label={`Uploading ${f.name}`} />
            <span className="muted num">
              {f.state === 'queued'
                ? 'Waiting…'
                : f.state === 'preparing'
                  ? 'Starting…'
                  : f.sent >= f.total
                    ? 'Adding…'
                    : `${Math.min(99, Math.round((f.sent / (f.total || f.size || 1)) * 100))}%`}
            </span>
          </div>
        )}
        {f.state === 'done' && <p className="staged-done">Added to the study</p>}
        {f.state === 'cancelled' && <p className="muted">Cancelled. Nothing was added.</p>}
        {f.state === 'failed' && f.error && <ErrorNote error={f.error} onRetry={() => void retry(f.id)} />}
      </div>
      <div className="staged-side">
        {isActive(f) ? (
          <button type="button" className="btn btn-small" onClick={() => void cancel(f.id)} aria-label={`Cancel upload of ${f.name}`}>
            Cancel
          </button>
        ) : f.state === 'done' ? null : (
          <button type="button" className="btn btn-ghost btn-small" onClick={() => remove(f.id)} aria-label={`Remove ${f.name}`}>
            Remove
          </button>
        )}
      </div>
    </li>
  );
}
