import { api } from './api';

/**
 * Sends a view's render error to main's log, within the sizes main accepts. Logging must never become a
 * second failure: a missing bridge or a refused call is ignored.
 */
export function reportRendererError(view: string, error: unknown, componentStack?: string | null): void {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
  const stack = `${error instanceof Error ? (error.stack ?? '') : ''}\n${componentStack ?? ''}`.slice(0, 8000);
  try {
    void api()
      ?.app.logRendererError({ view: view.slice(0, 200), message, stack })
      .catch(() => undefined);
  } catch {
    // No bridge (a unit test, or the page before the preload ran).
  }
}
