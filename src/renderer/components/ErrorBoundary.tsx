import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportRendererError } from '../lib/report-error';

type Props = {
  /** Names the view in main's log and in the fallback ("the Report tab"). */
  view: string;
  children: ReactNode;
  /** A dialog's fallback offers Close as well, so a broken dialog never traps the researcher. */
  onClose?: () => void;
};
type State = { error: Error | null; attempt: number };

/**
 * Keeps a render error inside one view: the view shows "This view hit a problem" with Reload view and
 * Show details, the error goes to main's log, and the sidebar, the header and every other view keep
 * working. Placed around each screen, each project tab and each dialog.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportRendererError(this.props.view, error, info.componentStack);
  }

  private reload = () => this.setState((s) => ({ error: null, attempt: s.attempt + 1 }));

  override render(): ReactNode {
    const { error, attempt } = this.state;
    if (!error) return <ViewKey key={attempt}>{this.props.children}</ViewKey>;
    return (
      <div className="view-error error-note" role="alert" aria-labelledby={`view-error-${attempt}`}>
        <h2 id={`view-error-${attempt}`} className="view-error-title">
          This view hit a problem
        </h2>
        <p>
          Something in {this.props.view} could not be shown. The rest of Fieldwork still works, and nothing you saved is affected. Reload the view to try again.
        </p>
        <p className="view-error-actions">
          <button type="button" className="btn" onClick={this.reload}>
            Reload view
          </button>
          {this.props.onClose && (
            <button type="button" className="btn btn-ghost" onClick={this.props.onClose}>
              Close
            </button>
          )}
        </p>
        <details>
          <summary>Show details</summary>
          <span className="mono">{error.message || error.name}</span>
        </details>
      </div>
    );
  }
}

/** Remounts the children after Reload view (the boundary bumps its key). */
function ViewKey({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
