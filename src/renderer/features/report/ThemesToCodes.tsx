import { ErrorNote } from '../../components/ErrorNote';
import { themesToCodesOf, useThemesToCodes, type ThemesToCodes } from './themes-to-codes-store';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The button that turns the report's themes into codes; `onRun` replaces the store's run (the agreement view reloads after). */
export function ThemesToCodesButton({
  workspaceId,
  projectId,
  primary = false,
  onRun,
}: {
  workspaceId: string;
  projectId: string;
  primary?: boolean;
  onRun?: () => void;
}) {
  const state = useThemesToCodes((s) => themesToCodesOf(s, workspaceId, projectId));
  const run = useThemesToCodes((s) => s.run);
  const running = state.state === 'running';
  return (
    <button
      type="button"
      className={primary ? 'btn btn-primary' : 'btn'}
      disabled={running}
      aria-describedby={`themes-to-codes-help-${projectId}`}
      onClick={() => (onRun ? onRun() : void run(workspaceId, projectId))}
    >
      {running ? 'Turning themes into codes…' : 'Turn themes into codes'}
    </button>
  );
}

/** What the last run did: codes made, codings written, and the quotes no saved transcript holds. */
export function ThemesToCodesOutcome({ workspaceId, projectId }: { workspaceId: string; projectId: string }) {
  const state = useThemesToCodes((s) => themesToCodesOf(s, workspaceId, projectId));
  const dismiss = useThemesToCodes((s) => s.dismiss);
  return (
    <>
      <p id={`themes-to-codes-help-${projectId}`} className="visually-hidden">
        Each theme becomes a code with its summary as the definition; each quote found in a transcript becomes a coding by the coder AI report.
      </p>
      <Outcome state={state} onDismiss={() => dismiss(workspaceId, projectId)} />
    </>
  );
}

function Outcome({ state, onDismiss }: { state: ThemesToCodes; onDismiss: () => void }) {
  if (state.state === 'error') return <ErrorNote error={state.error} />;
  if (state.state !== 'done') return null;
  const r = state.result;
  const created = r.codes.filter((c) => c.created).length;
  const missing = r.not_found.length;
  return (
    <div className={`themes-codes-outcome card ${missing ? 'has-missing' : ''}`} role="status">
      <div className="themes-codes-line">
        <p>
          <strong>
            {plural(r.codes.length, 'code')} from the themes ({created} new), {plural(r.coded, 'coding')} by “AI report”.
          </strong>{' '}
          {missing === 0
            ? 'Every quote was found in a saved transcript.'
            : `${plural(missing, 'quote was', 'quotes were')} not found in the saved transcripts, so ${missing === 1 ? 'it is' : 'they are'} not coded.`}
          {r.replaced > 0 ? ` The AI report’s ${plural(r.replaced, 'earlier coding')} of these codes ${r.replaced === 1 ? 'was' : 'were'} replaced.` : ''}
        </p>
        <button type="button" className="btn btn-small" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
      {missing > 0 && (
        <details>
          <summary>Quotes not found</summary>
          <ul className="themes-codes-missing">
            {r.not_found.map((n, i) => (
              <li key={i}>
                <span className="muted">{n.theme}:</span> “{n.quote}”
              </li>
            ))}
          </ul>
        </details>
      )}
      {r.skipped.map((s, i) => (
        <p key={i} className="muted">
          Skipped {s.theme ? `“${s.theme}”` : 'an untitled theme'}: {s.reason}
        </p>
      ))}
    </div>
  );
}
