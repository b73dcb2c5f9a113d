import { showAddHighlightDialog } from './AddHighlightDialog';
import { useHighlights, type HighlightContext, type TranscriptRange } from './store';

/**
 * Opens the "add highlight" dialog (tags and a note) for a transcript selection. Apart from the store so
 * the store does not import the dialog that reads it (an import cycle).
 */
export function requestHighlight(ctx: HighlightContext, range: TranscriptRange): void {
  if (!range.quote.trim()) return;
  useHighlights.setState({ pending: { ctx, range } });
  // The dialog mounts itself, so any screen can ask for it without having to host it.
  showAddHighlightDialog();
}
