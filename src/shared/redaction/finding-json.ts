import type { RedactionFindingView } from '../ipc/channels/redaction';

type Printed = Pick<RedactionFindingView, 'interview_id' | 'kind' | 'text' | 'start_ms' | 'suggested'> & {
  confidence?: 'sure' | 'possible';
  reason?: string | null;
};

/**
 * What `redact scan --json` prints for each finding (apart from the contract, so printing one loads no schema):
 * `confidence` 'possible' with its `reason` for what the scan is unsure of (left as written unless accepted).
 */
export const findingJson = (f: Printed) => ({
  interview_id: f.interview_id,
  kind: f.kind,
  text: f.text,
  start_ms: f.start_ms,
  suggested: f.suggested,
  confidence: f.confidence ?? 'sure',
  reason: f.confidence === 'possible' ? (f.reason ?? null) : null,
});
