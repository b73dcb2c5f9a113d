import { useId } from 'react';
import { FORMAT_GROUPS } from '../../../shared/exports';
import { Dialog } from '../../components/Dialog';
import { ErrorNote } from '../../components/ErrorNote';
import { ProgressBar } from '../../components/ProgressBar';
import { DoneButtons, ExportedTo, ExportStopped } from './ExportOutcome';
import { CheckChoice, FolderPicker } from './FolderPicker';
import { chosenFormats, participantKeyReason, unavailableReason, useExport, type ExportScope } from './store';
import './exports.css';

function scopeLabel(scope: ExportScope): string {
  if (scope.kind === 'project') return 'Whole study (every interview)';
  if (scope.kind === 'selection') return `Selected interviews (${scope.interviewIds.length})`;
  return `This interview: ${scope.label}`;
}

/**
 * Export: formats, privacy and file options, and where the files go. While it runs, progress and Cancel;
 * when done, what was written and "Show in folder". Closing it mid-export leaves the export running.
 */
export function ExportDialog() {
  const s = useExport();
  const id = useId();
  const { context, scope, prefs, job } = s;
  if (!context || !scope) return null;
  const formats = chosenFormats(s);
  const running = job?.state === 'running';
  const done = job?.state === 'done' && job.result;
  const canStart = formats.length > 0 && s.folder !== null && !running;

  const footer = running ? (
    <button type="button" className="btn" onClick={() => void s.cancel()}>
      Cancel export
    </button>
  ) : done ? (
    <DoneButtons reveal={job.result!.reveal} onClose={s.close} />
  ) : (
    <>
      {/* Where the files go stays in view however long the options are: Export waits for it. */}
      <FolderPicker />
      <button type="button" className="btn" onClick={s.close}>
        Cancel
      </button>
      <button type="button" className="btn btn-primary" disabled={!canStart} onClick={() => void s.start()}>
        {formats.length === 0 ? 'Export' : `Export ${formats.length} ${formats.length === 1 ? 'format' : 'formats'}`}
      </button>
    </>
  );

  return (
    <Dialog title={`Export ${context.projectTitle || 'Untitled study'}`} onClose={s.close} footer={footer} wide>
      {running ? (
        <div className="export-progress" role="status" aria-live="polite">
          <p>{job.total ? `Writing ${job.done.toLocaleString()} of ${job.total.toLocaleString()} files…` : 'Preparing the export…'}</p>
          <ProgressBar value={job.done} max={job.total ?? 0} label="Export progress" />
          <p className="muted">You can close this window; the export carries on and a note says when it is done.</p>
        </div>
      ) : done ? (
        <ExportedTo
          what={`${job.result!.files.toLocaleString()} ${job.result!.files === 1 ? 'file' : 'files'}`}
          bytes={job.result!.bytes}
          location={job.result!.location}
          notes={job.result!.notes}
          notesLabel="What the export holds"
        />
      ) : (
        <>
          <ExportStopped state={job?.state} error={job?.error} />
          {context.scopes.length > 1 ? (
            <fieldset className="export-group">
              <legend>Interviews</legend>
              {context.scopes.map((sc) => (
                <label key={sc.kind} className="export-choice">
                  <input type="radio" name={`${id}-scope`} checked={sc.kind === scope.kind} onChange={() => s.setScope(sc)} />
                  {scopeLabel(sc)}
                </label>
              ))}
            </fieldset>
          ) : (
            <p className="muted">{scopeLabel(scope)}</p>
          )}
          <div className="export-formats">
            {FORMAT_GROUPS.map((g) => (
              <fieldset key={g.title} className="export-group">
                <legend>{g.title}</legend>
                {g.formats.map((f) => {
                  const why = unavailableReason(f.format, context, scope, prefs);
                  const enabled = why === null;
                  return (
                    <CheckChoice
                      key={f.format}
                      label={f.label}
                      hint={why ?? f.hint}
                      disabled={!enabled}
                      checked={enabled && prefs.formats.includes(f.format)}
                      onChange={(on) => s.toggleFormat(f.format, on)}
                    />
                  );
                })}
              </fieldset>
            ))}
          </div>
          <fieldset className="export-group">
            <legend>Options</legend>
            <CheckChoice
              label="Include participant data"
              hint="Names, emails, custom fields and screener answers. Off by default: exports leave this computer."
              checked={prefs.includeParticipant}
              onChange={(on) => s.setPrefs({ includeParticipant: on })}
            />
            <CheckChoice
              label="Redact names and personal data"
              hint="Participants are named by their participant codes (P07) and the study's accepted redactions are replaced in every file, file names included."
              checked={prefs.redact}
              onChange={(on) => s.setPrefs({ redact: on })}
            />
            <CheckChoice
              label="Also save the participant key (code ↔ name) as its own file"
              hint={
                participantKeyReason(prefs) ??
                'participant-key.csv: each participant code with the name and email it stands for. Keep it apart from the files you share.'
              }
              disabled={participantKeyReason(prefs) !== null}
              checked={prefs.participantKey && participantKeyReason(prefs) === null}
              onChange={(on) => s.setPrefs({ participantKey: on })}
            />
            <div className="export-row">
              <label className="field">
                <span>Speaker labels</span>
                <select
                  className="input"
                  value={prefs.speakerLabels}
                  onChange={(e) => s.setPrefs({ speakerLabels: e.target.value as typeof prefs.speakerLabels })}
                >
                  <option value="interviewer-participant">Interviewer / Participant</option>
                  <option value="ai-user">AI / User</option>
                  <option value="name" disabled={!prefs.includeParticipant}>
                    {"Participant's name"}
                    {prefs.includeParticipant ? '' : ' (needs participant data)'}
                  </option>
                </select>
              </label>
              <label className="field">
                <span>Line endings</span>
                <select className="input" value={prefs.lineEnding} onChange={(e) => s.setPrefs({ lineEnding: e.target.value as 'lf' | 'crlf' })}>
                  <option value="lf">LF (macOS, Linux)</option>
                  <option value="crlf">CRLF (Windows)</option>
                </select>
              </label>
            </div>
            <CheckChoice
              label="CSV for Excel"
              hint="Adds a byte order mark so Excel reads accents and emoji correctly."
              checked={prefs.bom}
              onChange={(on) => s.setPrefs({ bom: on })}
            />
          </fieldset>
          <fieldset className="export-group">
            <legend>Save as</legend>
            <div className="export-row">
              <label className="export-choice">
                <input type="radio" name={`${id}-target`} checked={prefs.target === 'folder'} onChange={() => s.setPrefs({ target: 'folder' })} />
                Files in a folder
              </label>
              <label className="export-choice">
                <input type="radio" name={`${id}-target`} checked={prefs.target === 'zip'} onChange={() => s.setPrefs({ target: 'zip' })} />
                One .zip file
              </label>
            </div>
            {s.folderError && <ErrorNote error={s.folderError} />}
            <p className="export-hint">Existing files are never replaced: a new copy gets “(2)” in its name.</p>
          </fieldset>
        </>
      )}
    </Dialog>
  );
}
