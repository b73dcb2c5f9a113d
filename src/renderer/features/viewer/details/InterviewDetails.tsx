import type { ParticipantValue } from '../../../../shared/schemas/interview';
import type { InterviewDetail } from '../../../../shared/views';
import './details.css';

const NAME_KEYS = new Set(['name', 'full_name', 'fullName']);
const EMAIL_KEYS = new Set(['email', 'email_address', 'emailAddress']);

/** "tenure_months" → "Tenure months"; "homeCity" → "Home city". Field names come from the service, so only text. */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}

export function fieldValue(v: ParticipantValue): string {
  if (v === null) return '—';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  return String(v);
}

/** Participant metadata (every custom field) and the screener with answers and approval. */
export function InterviewDetails({ interview }: { interview: InterviewDetail }) {
  const p = interview.participant;
  const name = p?.name ?? interview.participant_name;
  const email = p?.email ?? interview.participant_email;
  // Name and email are shown once, at the top; every other field follows in the service's order.
  const custom = Object.entries(p?.fields ?? {}).filter(([k, v]) => !((NAME_KEYS.has(k) && v === name) || (EMAIL_KEYS.has(k) && v === email)));
  const screener = interview.screener;
  const approved = screener?.approved ?? interview.screener_approved;
  return (
    <div className="details">
      <section className="details-section" aria-labelledby={`participant-${interview.id}`}>
        <h3 id={`participant-${interview.id}`} className="details-title">
          Participant
        </h3>
        {!p && !name && !email ? (
          <p className="muted">No participant details were recorded for this interview.</p>
        ) : (
          <dl className="details-fields">
            <div>
              <dt>Name</dt>
              <dd>{name ?? <span className="muted">Not given</span>}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd className="details-break">{email ?? <span className="muted">Not given</span>}</dd>
            </div>
            {custom.map(([k, v]) => (
              <div key={k}>
                <dt title={k}>{fieldLabel(k)}</dt>
                <dd className="details-break">{fieldValue(v)}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <section className="details-section" aria-labelledby={`screener-${interview.id}`}>
        <div className="details-head">
          <h3 id={`screener-${interview.id}`} className="details-title">
            Screener
          </h3>
          {screener && <ApprovalBadge approved={approved} />}
        </div>
        {!screener ? (
          <p className="muted">No screener for this study.</p>
        ) : screener.items.length === 0 ? (
          <p className="muted">The screener recorded no questions.</p>
        ) : (
          <ol className="details-screener">
            {screener.items.map((item) => (
              <li key={item.id}>
                <p className="details-question">{item.text}</p>
                <p className="details-answer">{item.answer ?? <span className="muted">No answer</span>}</p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function ApprovalBadge({ approved }: { approved: boolean | null }) {
  if (approved === null) return <span className="details-badge">No decision recorded</span>;
  return approved ? (
    <span className="details-badge details-badge-pass">
      <span aria-hidden="true">✓</span> Passed screener
    </span>
  ) : (
    <span className="details-badge details-badge-fail">
      <span aria-hidden="true">✕</span> Failed screener
    </span>
  );
}
