import { ErrorNote } from '../../components/ErrorNote';
import { AddWorkspaceForm } from './AddWorkspaceForm';
import { useWorkspaces } from './store';
import './first-run.css';

/** The first screen: try the embedded demo, or connect an organisation. */
export function FirstRun() {
  const { starting, error } = useWorkspaces((s) => s.demo);
  const startDemo = useWorkspaces((s) => s.startDemo);
  return (
    <main className="first-run" aria-labelledby="welcome-title">
      <header className="first-run-head">
        <h1 id="welcome-title">Welcome to Fieldwork</h1>
        <p className="muted">Run AI-moderated interviews, then review videos, transcripts and reports on your laptop, online or off.</p>
      </header>
      <div className="first-run-grid">
        <section className="card first-run-card" aria-labelledby="demo-title">
          <h2 id="demo-title">Try the demo</h2>
          <p>
            A sample organisation with three studies: meal-kit churn interviews with video and a finished report, a packaging concept test, and a draft ready to
            edit.
          </p>
          <p className="muted">It runs entirely on this computer. Nothing is sent anywhere and nothing is charged.</p>
          <div>
            <button type="button" className="btn btn-primary btn-large" onClick={() => void startDemo()} disabled={starting} aria-busy={starting}>
              {starting ? (
                <>
                  <span className="spinner" aria-hidden="true" /> Preparing the demo…
                </>
              ) : (
                'Try the demo'
              )}
            </button>
          </div>
          {error && <ErrorNote error={error} onRetry={() => void startDemo()} />}
        </section>
        <section className="card first-run-card" aria-labelledby="connect-title">
          <h2 id="connect-title">Connect your organisation</h2>
          <AddWorkspaceForm />
        </section>
      </div>
    </main>
  );
}
