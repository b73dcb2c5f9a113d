import { showCodePicker } from './CodePicker';
import { useHighlights, type CodingRequest } from './store';

/**
 * Opens the code picker: on a transcript selection (to code it) or on a coding (to recode it). Apart from the
 * store so the store does not import the picker that reads it (an import cycle).
 */
export function requestCoding(request: CodingRequest): void {
  if (request.kind === 'new' && !request.range.quote.trim()) return;
  useHighlights.setState({ pending: request });
  // The picker mounts itself, so any screen can ask for it without having to host it.
  showCodePicker();
}
