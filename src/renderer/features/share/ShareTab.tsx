import { useEffect } from 'react';
import type { ProjectDetail } from '../../../shared/views';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { SNIPPET_KEYS, type SnippetKey } from '../../../shared/schemas/embed';
import { ErrorNote } from '../../components/ErrorNote';
import { relativeTime } from '../../lib/format';
import { OpenLaunchButton } from '../launch/LaunchButton';
import { AllowListEditor } from './AllowListEditor';
import { CopyButton } from './CopyButton';
import { ParticipantLink } from './ParticipantLink';
import { shareSlice, useShare } from './store';
import './share.css';

export type TabProps = { workspace: WorkspaceSummary; project: ProjectDetail };

const SNIPPET_LABELS: Record<SnippetKey, { title: string; hint: string }> = {
  iframe: { title: 'Iframe', hint: 'Paste into any web page.' },
  widget_inline: { title: 'Widget, inline', hint: 'Renders the interview inside the page where the placeholder sits.' },
  widget_overlay_center: { title: 'Widget, overlay in the centre', hint: 'A button that opens the interview over the page.' },
  widget_overlay_dock_right: { title: 'Widget, docked right', hint: 'A side panel docked to the right edge.' },
  mobile_webview: { title: 'Mobile, WebView', hint: 'React Native: a screen that hosts the interview.' },
  mobile_modal: { title: 'Mobile, modal', hint: 'React Native: the interview in a modal sheet.' },
};

/** Everything needed to bring participants in: the link, the embed code and the websites allowed to embed it. */
export function ShareTab({ workspace, project }: TabProps) {
  const launched = project.recruiting.has_launched;
  const state = useShare((s) => shareSlice(s, workspace.id, project.id));
  const load = useShare((s) => s.load);
  useEffect(() => {
    if (launched) void load(workspace.id, project.id);
  }, [launched, load, workspace.id, project.id]);

  if (!launched) {
    return (
      <div className="share share-before" data-testid="share-before-launch">
        <section className="card share-card">
          <h2>Sharing starts after launch</h2>
          <p>
            Once this study is launched, this tab shows the participant link and its QR code, the code to embed the interview in a website or app, and the list
            of websites allowed to embed it.
          </p>
          <p className="muted">Launching charges for the whole participant target up front, and a study launches only once.</p>
          <p>
            <OpenLaunchButton workspace={workspace} project={project} />
          </p>
        </section>
      </div>
    );
  }

  if (state.status === 'loading') {
    return (
      <p className="empty" role="status">
        <span className="spinner" aria-hidden="true" /> Reading the sharing settings…
      </p>
    );
  }
  if (state.status === 'error') return <ErrorNote error={state.error} onRetry={() => void load(workspace.id, project.id)} />;

  const v = state.view;
  const callUrl = v.call_url ?? project.guide?.call_url ?? null;
  return (
    <div className="share">
      {v.offline && (
        <p className="banner banner-warning share-offline" role="status">
          <strong>Offline.</strong> Showing the sharing settings saved {relativeTime(v.synced_at)}. The allow-list can be saved once the service is reachable.
        </p>
      )}
      <section className="card share-card" aria-labelledby="share-link-h">
        <h2 id="share-link-h">Participant link</h2>
        {callUrl ? <ParticipantLink url={callUrl} labelled={false} /> : <p className="muted">The participant link is not known yet. Sync to fetch it.</p>}
      </section>

      <section className="card share-card" aria-labelledby="share-embed-h">
        <h2 id="share-embed-h">Embed in a website or app</h2>
        {v.embed ? (
          <>
            <div>
              <p className="share-label">Embed URL</p>
              <div className="code-line">
                <code className="mono" data-testid="embed-url">
                  {v.embed.embed_url}
                </code>
                <CopyButton text={v.embed.embed_url} what="embed URL" />
              </div>
            </div>
            <p className="share-note" role="note">
              The interview records video and sound, so the page or app that embeds it must allow camera and microphone access: keep the{' '}
              <code className="mono">allow</code> attribute of the iframe, and grant media capture permission in a mobile WebView. The page&apos;s website must
              also be on the allow-list below.
            </p>
            <div className="snippets">
              {SNIPPET_KEYS.map((k) => (
                <Snippet key={k} id={k} title={SNIPPET_LABELS[k].title} hint={SNIPPET_LABELS[k].hint} code={v.embed!.snippets[k]} />
              ))}
            </div>
          </>
        ) : (
          <p className="muted">
            {v.unavailable.embed ? `The embed code is not available: ${v.unavailable.embed} ` : 'The embed code has not been fetched yet. '}
            {v.offline ? 'Connect and open this tab again.' : v.unavailable.embed ? 'It is fetched again each time this tab opens.' : 'Sync to fetch it.'}
          </p>
        )}
      </section>

      <section className="card share-card" aria-labelledby="share-allow-h">
        <h2 id="share-allow-h">Websites allowed to embed</h2>
        {v.unavailable.allow_list && <p className="muted side-read-reason">The saved list could not be read from the service: {v.unavailable.allow_list}</p>}
        <AllowListEditor key={`${workspace.id}/${project.id}`} workspace={workspace} project={project} saved={v.allowed_urls} />
      </section>
    </div>
  );
}

/** A snippet from the service: shown as text in a code block, never rendered. */
function Snippet({ id, title, hint, code }: { id: string; title: string; hint: string; code: string }) {
  return (
    <figure className="snippet" aria-labelledby={`snippet-${id}`}>
      <figcaption>
        <span>
          <strong id={`snippet-${id}`}>{title}</strong> <span className="muted">{hint}</span>
        </span>
        <CopyButton text={code} what={`${title} snippet`} />
      </figcaption>
      <pre className="code-block" tabIndex={0} aria-label={`${title} code`}>
        <code>{code}</code>
      </pre>
    </figure>
  );
}
