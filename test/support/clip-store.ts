// The Export clips dialog's store as its unit tests set it up: a planned clip, and the store as a fresh window has it.
import { useClips } from '../../src/renderer/features/clips/store';
import { useExport } from '../../src/renderer/features/exports/store';

/** A planned clip `id` of "Interview id", 1–5 s; with a reason it cannot be cut (no time, no video). */
export const planItem = (id: string, reason: string | null = null) => ({
  highlight_id: id,
  interview_id: `i-${id}`,
  label: `Interview ${id}`,
  quote: 'q',
  start_ms: reason ? null : 1000,
  end_ms: reason ? null : 5000,
  video: reason === null,
  reason,
  redacted_words: false,
  picture: true,
});

/** The clip store and the chosen folder as before any dialog opened. */
export function resetClipStore(): void {
  useClips.setState({
    target: null,
    plan: null,
    job: null,
    unticked: [],
    workspaceId: null,
    exactAbility: null,
    prefs: { reel: true, padSeconds: 0, includeParticipant: false, redact: false, exact: false, audioOnly: false },
  });
  useExport.setState({ folder: null });
}
