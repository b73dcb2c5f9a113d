import { useEffect, useState } from 'react';
import type { InsufficientBalanceDetails } from '../../../shared/ipc/channels/studies';
import type { ProjectDetail } from '../../../shared/views';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { LIMITS } from '../../../shared/schemas/limits';
import { Dialog } from '../../components/Dialog';
import { ErrorNote } from '../../components/ErrorNote';
import { relativeTime } from '../../lib/format';
import { projectKey } from '../project/store';
import { ParticipantLink } from '../share/ParticipantLink';
import { useNav } from '../../app/nav-store';
import { expectedCharge } from './expected-charge';
import { launchSlice, useLaunch } from './store';
import './launch.css';

type Props = { workspace: WorkspaceSummary; project: ProjectDetail };

/**
 * The "Launch…" button in the study header, and the launch dialog it owns. The dialog stays mounted
 * after the study turns launched, so the researcher sees the link and QR code it produced.
 */
export function LaunchButton({ workspace, project }: Props) {
  const key = projectKey(workspace.id, project.id);
  const open = useLaunch((s) => s.dialogFor === key);
  const openDialog = useLaunch((s) => s.openDialog);
  const launched = project.recruiting.has_launched;
  return (
    <>
      {!launched && (
        <div className="launch-head">
          <button type="button" className="btn btn-primary" onClick={() => openDialog(workspace.id, project.id)}>
            Launch…
          </button>
        </div>
      )}
      {open && <LaunchDialog workspace={workspace} project={project} />}
    </>
  );
}

/** For screens other than the header (the Share tab): opens the same dialog. */
export function OpenLaunchButton({ workspace, project }: Props) {
  const openDialog = useLaunch((s) => s.openDialog);
  return (
    <button type="button" className="btn btn-primary" onClick={() => openDialog(workspace.id, project.id)}>
      Launch…
    </button>
  );
}

function parseTarget(raw: string): { value: number | null; error: string | null } {
  const t = raw.trim();
  if (t === '') return { value: null, error: 'Enter how many participants to recruit.' };
  if (!/^\d+$/.test(t)) return { value: null, error: 'Enter a whole number, such as 20.' };
  const n = Number(t);
  if (n < LIMITS.targetParticipantsMin) return { value: null, error: 'Recruit at least 1 participant.' };
  if (n > LIMITS.targetParticipantsMax) return { value: null, error: `Recruit at most ${LIMITS.targetParticipantsMax} participants in one launch.` };
  return { value: n, error: null };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const minor = (n: number | null) => (n === null ? '—' : money.format(n / 100));

function LaunchDialog({ workspace, project }: Props) {
  const slice = useLaunch((s) => launchSlice(s, workspace.id, project.id));
  const launch = useLaunch((s) => s.launch);
  const close = useLaunch((s) => s.closeDialog);
  const go = useNav((s) => s.go);
  const [raw, setRaw] = useState(String(project.recruiting.target_participants ?? 10));
  const [touched, setTouched] = useState(false);
  const [sentRaw, setSentRaw] = useState<string | null>(null);
  const credits = useLaunch((s) => s.credits);
  const price = useLaunch((s) => s.price);
  const loadCredits = useLaunch((s) => s.loadCredits);
  // Read when the dialog opens, and again once a launch has answered (it may have spent some).
  useEffect(() => {
    void loadCredits(workspace.id);
  }, [workspace.id, slice.status, loadCredits]);

  const inFlight = slice.status === 'launching';
  const result = slice.status === 'done' ? slice.result : null;
  const target = parseTarget(raw);
  const onClose = () => {
    if (!inFlight) close();
  };

  if (result) {
    const title = result.outcome === 'already_launched' ? 'Study already launched' : 'Study launched';
    return (
      <Dialog
        title={title}
        onClose={onClose}
        wide
        footer={
          <>
            <button
              key="open-share"
              type="button"
              className="btn"
              onClick={() => {
                close();
                go({ name: 'project', projectId: project.id, tab: 'share' });
              }}
            >
              Open Share tab
            </button>
            {/* The launch button this replaced had focus; Done takes it so the keyboard is not lost. */}
            <button key="done" type="button" className="btn btn-primary" onClick={onClose} autoFocus>
              Done
            </button>
          </>
        }
      >
        <p className={`launch-outcome launch-outcome-${result.outcome}`} role="status">
          {result.message}
        </p>
        {result.outcome === 'launched' && (
          <dl className="launch-charges">
            <div>
              <dt>Trial credits used</dt>
              <dd className="num">{result.trial_credits_used ?? '—'}</dd>
            </div>
            <div>
              <dt>Charged to the balance</dt>
              <dd className="num">{result.balance_charged ?? '—'}</dd>
            </div>
            <div>
              <dt>Balance left</dt>
              <dd className="num">{result.balance_remaining ?? '—'}</dd>
            </div>
          </dl>
        )}
        {result.call_url ? (
          <ParticipantLink url={result.call_url} />
        ) : (
          <p className="muted">The participant link is not known yet. Sync, then open the Share tab to see it.</p>
        )}
      </Dialog>
    );
  }

  const n = target.value;
  const trial = credits?.trial_credits ?? null;
  const balance = credits?.balance ? ` (${credits.balance})` : '';
  const consequence =
    n === null
      ? null
      : `Launch to ${plural(n, 'participant', 'participants')}. ${
          trial === 0
            ? `No trial credits are left, so the balance${balance} pays for all of them`
            : `Trial credits go first${trial === null ? '' : ` (${trial} left)`}, then the balance${balance}`
        }. A project launches only once.`;
  const showError = slice.status === 'error' && sentRaw === raw;
  const shortfall = showError && slice.error?.code === 'insufficient_balance' ? (slice.error.details as InsufficientBalanceDetails | undefined) : null;
  const submit = () => {
    setTouched(true);
    if (n === null || inFlight) return;
    setSentRaw(raw);
    void launch(workspace.id, project.id, n);
  };

  return (
    <Dialog
      title={`Launch “${project.title || 'Untitled study'}”`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={inFlight}>
            Cancel
          </button>
          <button type="submit" form="launch-form" className="btn btn-primary" disabled={inFlight || n === null} aria-busy={inFlight}>
            {inFlight ? (
              <>
                <span className="spinner" aria-hidden="true" /> Launching…
              </>
            ) : n === null ? (
              'Launch'
            ) : (
              `Launch to ${plural(n, 'participant', 'participants')}`
            )}
          </button>
        </>
      }
    >
      <form
        id="launch-form"
        className="launch-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="field">
          <label htmlFor="launch-target">Participants to recruit</label>
          <input
            id="launch-target"
            className="input launch-target"
            inputMode="numeric"
            value={raw}
            disabled={inFlight}
            aria-invalid={touched && target.error !== null}
            aria-describedby="launch-target-hint"
            onChange={(e) => {
              setRaw(e.target.value);
              setTouched(true);
            }}
          />
          {touched && target.error ? (
            <span id="launch-target-hint" className="field-error">
              {target.error}
            </span>
          ) : (
            <span id="launch-target-hint" className="hint">
              The cost per participant is charged up front for the whole target.
            </span>
          )}
        </div>
        <div className="launch-credits" aria-label="Available credits">
          {credits === undefined ? (
            <span className="muted">Reading credits…</span>
          ) : credits === null ? (
            <span className="muted">Credits unknown: sync to read them from the service.</span>
          ) : (
            <>
              <span>
                Balance <strong className="num">{credits.balance ?? 'not stated by the service'}</strong>
              </span>
              <span>
                Trial credits <strong className="num">{credits.trial_credits ?? 'not stated by the service'}</strong>
              </span>
              <span className="muted">as of {relativeTime(credits.synced_at)}</span>
            </>
          )}
        </div>
        {consequence && (
          <p className="launch-consequence" data-testid="launch-consequence">
            {consequence}
          </p>
        )}
        {n !== null && credits !== undefined && price !== undefined && (
          <p className="launch-cost" role="note" aria-label="Expected charge">
            {expectedCharge(n, trial, price, credits?.balance ?? null)}
          </p>
        )}
      </form>
      {shortfall && slice.error && (
        <div className="error-note launch-shortfall" role="alert">
          <p>{slice.error.message}</p>
          <dl className="launch-charges">
            <div>
              <dt>Available</dt>
              <dd className="num">{minor(shortfall.available)}</dd>
            </div>
            <div>
              <dt>Required</dt>
              <dd className="num">{minor(shortfall.required)}</dd>
            </div>
            <div>
              <dt>Shortfall</dt>
              <dd className="num">{minor(shortfall.shortfall)}</dd>
            </div>
          </dl>
        </div>
      )}
      {showError && slice.error && !shortfall && <ErrorNote error={slice.error} />}
    </Dialog>
  );
}
