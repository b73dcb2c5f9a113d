import { useId } from 'react';
import type { ClipPlanItemView } from '../../../shared/ipc/channels/clips';
import { Dialog } from '../../components/Dialog';
import { ErrorNote } from '../../components/ErrorNote';
import { ProgressBar } from '../../components/ProgressBar';
import { timecode } from '../../lib/timecode';
import { DoneButtons, ExportedTo, ExportStopped } from '../exports/ExportOutcome';
import { CheckChoice, FolderPicker } from '../exports/FolderPicker';
import { useExport } from '../exports/store';
import { RedactionPictureNote } from './RedactionPictureNote';
import { clipsToCut, cutsExactly, leavesPictureOut, MAX_PAD_SECONDS, planHasPicture, useClips } from './store';
import './clips.css';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

const CODEC_NAMES: Record<string, string> = { vp9: 'VP9', vp8: 'VP8', av1: 'AV1', opus: 'Opus', vorbis: 'Vorbis' };
/** "vp9/opus" as people write it: "VP9/Opus". */
const codecName = (codec: string) =>
  codec
    .split('/')
    .map((c) => CODEC_NAMES[c] ?? c.toUpperCase())
    .join('/');

/** What stops a clip being cut, or what the researcher should know about it, in a few words. */
function warnings(c: ClipPlanItemView, redact: boolean): string[] {
  const out: string[] = [];
  if (!c.video) out.push('No saved video — Save for offline first');
  else if (c.reason) out.push(c.reason);
  if (redact && c.redacted_words) out.push('Redacted words: the audio still says them');
  return out;
}

/** The frame-exact option's hint: why it is not offered, or what it does. */
function exactHint(s: Pick<ReturnType<typeof useClips.getState>, 'exactAbility' | 'prefs' | 'plan'>): string {
  if (s.exactAbility === null) return 'Checking this computer’s video encoders…';
  if (!s.exactAbility.ok) return s.exactAbility.reason;
  if (leavesPictureOut(s)) return 'Not needed without the picture: sound-only clips start on their segment without re-encoding.';
  return `Each clip starts and ends exactly on its segment, re-encoded here as ${codecName(s.exactAbility.codec)} WebM, which is slower than a keyframe cut.`;
}

/** How the clips will start, under the options. */
function cutHint(s: Pick<ReturnType<typeof useClips.getState>, 'exactAbility' | 'prefs' | 'plan'>): string {
  if (leavesPictureOut(s)) return 'Sound-only clips start within a fraction of a second of each segment.';
  if (cutsExactly(s)) return 'Clips are re-encoded on this computer, so they start exactly where each segment starts.';
  return 'Cuts snap to the keyframe before each segment, so a clip may begin a moment early.';
}

/** "Cutting clip 3 of 12" ("Re-encoding…" when frame-exact), then "Joining the reel…" (the reel counts as the last step). */
function progressText(done: number, total: number | null, reel: boolean, exact: boolean): string {
  if (!total) return 'Preparing…';
  const clips = total - (reel ? 1 : 0);
  if (reel && done >= clips) return 'Joining the reel…';
  return `${exact ? 'Re-encoding' : 'Cutting'} clip ${Math.min(done + 1, clips)} of ${clips}`;
}

/**
 * Export clips: the clips that would be cut, in order, as a checklist (unticking one leaves it out), the
 * reel, padding and privacy options, and the folder. While it runs, progress and Cancel; at the end what
 * was written, what was left out and why, and "Show in folder". Closing it mid-export leaves it running.
 */
export function ClipExportDialog() {
  const s = useClips();
  const folder = useExport((e) => e.folder);
  const folderError = useExport((e) => e.folderError);
  const id = useId();
  const { target, prefs, plan, job } = s;
  if (!target) return null;
  const running = job?.state === 'running';
  const result = job?.state === 'done' ? job.result : null;
  // What could not be cut; the clips the researcher unticked are one line in the notes.
  const problems = result?.left_out.filter((l) => !l.chosen) ?? [];
  const cuttable = clipsToCut(s);
  const canStart = folder !== null && cuttable > 0 && !running && !s.planning && plan !== null;

  const footer = running ? (
    <button type="button" className="btn" onClick={() => void s.cancel()}>
      Cancel
    </button>
  ) : result ? (
    <DoneButtons reveal={result.reveal} onClose={s.close} />
  ) : (
    <>
      <FolderPicker />
      <button type="button" className="btn" onClick={s.close}>
        Close
      </button>
      <button type="button" className="btn btn-primary" disabled={!canStart} onClick={() => void s.start()}>
        Export
      </button>
    </>
  );

  return (
    <Dialog title="Export clips" onClose={s.close} footer={footer} wide>
      <p className="clips-source">
        From <strong>{target.title}</strong>
      </p>
      {running ? (
        <div className="export-progress" role="status" aria-live="polite">
          <p>
            {progressText(job.done, job.total, prefs.reel, job.exact)}
            {job.current && job.current !== 'reel' ? <span className="muted"> · {job.current}</span> : null}
          </p>
          {/* Frame-exact: the clip being re-encoded fills its share of the bar as the cutter reports. */}
          <ProgressBar value={job.done + (job.exact ? job.fraction : 0)} max={job.total ?? 0} label="Clip export progress" />
          <p className="muted">Cut on this computer from the saved videos; nothing is uploaded. You can close this window, the export carries on.</p>
        </div>
      ) : result ? (
        <ExportedTo
          what={`${plural(result.clips.length, 'clip')}${result.reel ? ' and a reel' : ''}`}
          bytes={result.bytes}
          location={result.location}
          notes={result.notes}
          notesLabel="Notes"
        >
          <ul className="clips-written" aria-label="What was written">
            {result.reel && (
              <li>
                <span className="mono">{result.reel.page}</span> — the reel’s page ({timecode(result.reel.duration_ms)}), opens in any browser
              </li>
            )}
            {result.clips.map((c) => (
              <li key={c.highlight_id}>
                <span className="mono">{c.file}</span> — {c.participant}, {timecode(c.start_ms)}–{timecode(c.end_ms)}
              </li>
            ))}
          </ul>
          {problems.length > 0 && (
            <>
              <h3 className="clips-subhead">Left out</h3>
              <ul className="clips-left-out" aria-label="Left out">
                {problems.map((l) => (
                  <li key={`${l.from}-${l.highlight_id}`}>
                    {l.participant} ({l.from === 'reel' ? 'from the reel' : 'not cut'}): {l.reason}
                  </li>
                ))}
              </ul>
            </>
          )}
        </ExportedTo>
      ) : (
        <>
          <ExportStopped state={job?.state} error={job?.error} onRetry={() => void s.start()} />
          <fieldset className="export-group clips-plan-group" aria-busy={s.planning}>
            <legend>Clips</legend>
            {s.planError ? (
              <ErrorNote error={s.planError} onRetry={() => void s.replan()} />
            ) : !plan ? (
              <p className="muted" role="status">
                Reading the segments…
              </p>
            ) : plan.clips.length === 0 ? (
              <p className="muted">No segments to clip yet. Code segments in the interview viewer first.</p>
            ) : (
              <>
                <p className="muted num" role="status">
                  {plural(cuttable, 'clip')} to cut
                  {plan.clips.length > cuttable ? ` of ${plan.clips.length}` : ''}, in this order. Untick a clip to leave it out.
                </p>
                <ol className="clips-plan" aria-label="Clips to cut">
                  {plan.clips.map((c, i) => {
                    const can = c.reason === null;
                    const warn = warnings(c, prefs.redact);
                    return (
                      <li key={c.highlight_id} className={`clips-item ${can ? '' : 'is-disabled'}`}>
                        <input
                          id={`${id}-c${i}`}
                          type="checkbox"
                          disabled={!can}
                          checked={can && !s.unticked.includes(c.highlight_id)}
                          aria-describedby={`${id}-c${i}-d`}
                          onChange={(e) => s.tick(c.highlight_id, e.target.checked)}
                        />
                        <div className="clips-item-text">
                          <label htmlFor={`${id}-c${i}`}>
                            <span className="num">{i + 1}.</span> {c.label}{' '}
                            <span className="muted num">
                              {c.start_ms !== null && c.end_ms !== null ? `${timecode(c.start_ms)}–${timecode(c.end_ms)}` : 'no time'}
                            </span>
                          </label>
                          <span id={`${id}-c${i}-d`} className="clips-item-detail">
                            <span className="clips-quote">“{c.quote}”</span>
                            {warn.map((w) => (
                              <span key={w} className="clips-warning">
                                {w}
                              </span>
                            ))}
                          </span>
                        </div>
                      </li>
                    );
                  })}
                </ol>
              </>
            )}
          </fieldset>
          <fieldset className="export-group">
            <legend>Options</legend>
            <CheckChoice
              label="Also make a reel"
              hint="The clips one after another in one video, with its captions and a page that plays it in any browser."
              checked={prefs.reel}
              onChange={(on) => s.setPrefs({ reel: on })}
            />
            <div className="clips-pad">
              <label htmlFor={`${id}-pad`}>Padding</label>
              <input
                id={`${id}-pad`}
                className="input clips-pad-input"
                type="number"
                min={0}
                max={MAX_PAD_SECONDS}
                step={0.5}
                value={prefs.padSeconds}
                aria-describedby={`${id}-pad-hint`}
                onChange={(e) => s.setPrefs({ padSeconds: e.target.valueAsNumber })}
              />
              <span id={`${id}-pad-hint`} className="export-hint">
                seconds before and after each segment (0–{MAX_PAD_SECONDS})
              </span>
            </div>
            <CheckChoice
              label="Include participant names"
              hint="In file names, captions and the reel page. Off by default: clips leave this computer."
              checked={prefs.includeParticipant}
              onChange={(on) => s.setPrefs({ includeParticipant: on })}
            />
            <CheckChoice
              label="Redact names and personal data"
              hint="Captions, file names and the reel page use pseudonyms and the study’s accepted redactions."
              checked={prefs.redact}
              onChange={(on) => s.setPrefs({ redact: on })}
            />
            {prefs.redact && (
              <RedactionPictureNote picture={planHasPicture(plan)} audioOnly={prefs.audioOnly} onAudioOnly={(on) => s.setPrefs({ audioOnly: on })} />
            )}
            <CheckChoice
              label="Frame-exact cuts (re-encode; slower)"
              hint={exactHint(s)}
              disabled={s.exactAbility?.ok !== true || leavesPictureOut(s)}
              checked={cutsExactly(s)}
              onChange={(on) => s.setPrefs({ exact: on })}
            />
            {folderError && <ErrorNote error={folderError} />}
            <p className="export-hint">{cutHint(s)} Existing files are never replaced.</p>
          </fieldset>
        </>
      )}
    </Dialog>
  );
}
