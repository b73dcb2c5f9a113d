import type { RedactionFindingView } from '../ipc/channels/redaction';

/** What `redact scan --json` prints for each finding (apart from the contract, so printing one loads no schema). */
export const findingJson = (f: Pick<RedactionFindingView, 'interview_id' | 'kind' | 'text' | 'start_ms' | 'suggested'>) => ({
  interview_id: f.interview_id,
  kind: f.kind,
  text: f.text,
  start_ms: f.start_ms,
  suggested: f.suggested,
});
