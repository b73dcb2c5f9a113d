import { CopyButton } from './CopyButton';
import { QrCode } from './QrCode';

/** The participant link as text (never a live link: it comes from the service), with Copy and a QR code. */
export function ParticipantLink({ url, labelled = true }: { url: string; labelled?: boolean }) {
  return (
    <div className="participant-link">
      <div className="participant-link-text">
        {labelled && <p className="share-label">Participant link</p>}
        <div className="code-line">
          <code className="mono" data-testid="call-url">
            {url}
          </code>
          <CopyButton text={url} what="participant link" />
        </div>
        <p className="muted">Send this link to participants, or let them scan the code with a phone. Each visit starts a new interview.</p>
      </div>
      <QrCode text={url} label="QR code for the participant link" />
    </div>
  );
}
