import { useEffect, useId } from 'react';
import type { ReportDiffView, ReportVersionView } from '../../../shared/ipc/channels/reports';
import { ErrorNote } from '../../components/ErrorNote';
import { formatDateTime } from '../../lib/timecode';
import { useReportVersions, versionsOf } from './versions-store';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const label = (v: ReportVersionView) => `#${v.id} · ${formatDateTime(v.generated_at ?? v.seen_at)}`;
const points = (n: number) => `${n > 0 ? '+' : ''}${n} point${Math.abs(n) === 1 ? '' : 's'}`;

/**
 * Every report Fieldwork has kept for the study (the service keeps only its latest), and what changed
 * between two of them. Offline: it reads the cache.
 */
export function ReportVersions({ workspaceId, projectId, reportId }: { workspaceId: string; projectId: string; reportId: string | null }) {
  const slice = useReportVersions((s) => versionsOf(s, workspaceId, projectId));
  const load = useReportVersions((s) => s.load);
  const pick = useReportVersions((s) => s.pick);
  const fromId = useId();
  const toId = useId();
  useEffect(() => {
    void load(workspaceId, projectId);
  }, [workspaceId, projectId, reportId, load]);

  const versions = slice.versions ?? [];
  return (
    <section className="report-versions card" aria-labelledby="report-versions-title">
      <h3 id="report-versions-title">Versions</h3>
      {slice.error && <ErrorNote error={slice.error} onRetry={() => void load(workspaceId, projectId)} />}
      {slice.versions === null && !slice.error && <p className="muted">Reading the kept versions…</p>}
      {slice.versions !== null && (
        <>
          <p className="muted">
            {versions.length === 1
              ? 'Fieldwork has kept one version of this report. Each time the report is regenerated and synced, the new one is kept beside it, so you can compare them here.'
              : `Fieldwork keeps every version of the report it has seen (the service keeps only the latest): ${plural(versions.length, 'version')}, newest first.`}
          </p>
          <table className="report-versions-table">
            <caption className="visually-hidden">Kept report versions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Version</th>
                <th scope="col">Generated</th>
                <th scope="col">Seen here</th>
                <th scope="col" className="num">
                  Interviews analysed
                </th>
                <th scope="col" className="num">
                  Themes
                </th>
              </tr>
            </thead>
            <tbody>
              {versions.map((v, i) => (
                <tr key={v.id}>
                  <th scope="row">
                    #{v.id}
                    {i === 0 ? <span className="muted"> (latest)</span> : null}
                  </th>
                  <td>{formatDateTime(v.generated_at)}</td>
                  <td>{formatDateTime(v.seen_at)}</td>
                  <td className="num">{v.interviews_analysed ?? '—'}</td>
                  <td className="num">{v.themes}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {versions.length > 1 && (
            <div className="report-versions-compare">
              <h4>Compare two versions</h4>
              <div className="report-versions-pickers">
                <label htmlFor={fromId}>From</label>
                <select
                  className="input"
                  id={fromId}
                  value={slice.from ?? ''}
                  onChange={(e) => void pick(workspaceId, projectId, 'from', Number(e.target.value))}
                >
                  {versions.map((v) => (
                    <option key={v.id} value={v.id}>
                      {label(v)}
                    </option>
                  ))}
                </select>
                <label htmlFor={toId}>To</label>
                <select className="input" id={toId} value={slice.to ?? ''} onChange={(e) => void pick(workspaceId, projectId, 'to', Number(e.target.value))}>
                  {versions.map((v) => (
                    <option key={v.id} value={v.id}>
                      {label(v)}
                    </option>
                  ))}
                </select>
              </div>
              {slice.from === slice.to && <p className="muted">Pick two different versions to see what changed.</p>}
              {slice.diffError && <ErrorNote error={slice.diffError} />}
              {slice.diff && <Diff d={slice.diff} busy={slice.diffing} />}
            </div>
          )}
        </>
      )}
    </section>
  );
}

function Diff({ d, busy }: { d: ReportDiffView; busy: boolean }) {
  const none = [d.added, d.removed, d.reworded, d.frequency_changes, d.quotes].every((l) => l.length === 0);
  return (
    <div className={`report-diff ${busy ? 'is-stale' : ''}`} aria-label={`Changes from version ${d.from.id} to version ${d.to.id}`} role="region">
      <p>
        From #{d.from.id} ({plural(d.from.interviews_analysed ?? 0, 'interview')} analysed) to #{d.to.id} ({plural(d.to.interviews_analysed ?? 0, 'interview')}{' '}
        analysed). Summary {d.summary_changed ? 'changed' : 'unchanged'}.
      </p>
      {none && <p className="muted">The themes are the same in both versions.</p>}
      <DiffList title="Themes added" items={d.added.map((t) => ({ key: t.title, sign: '+', text: `${t.title} (${t.frequency_pct}%)` }))} />
      <DiffList title="Themes removed" items={d.removed.map((t) => ({ key: t.title, sign: '−', text: `${t.title} (${t.frequency_pct}%)` }))} />
      <DiffList title="Themes reworded" items={d.reworded.map((r) => ({ key: r.to_title, sign: '~', text: `${r.from_title} → ${r.to_title}` }))} />
      <DiffList
        title="Frequency changes"
        items={d.frequency_changes.map((f) => ({
          key: f.title,
          sign: f.change_points > 0 ? '↑' : '↓',
          text: `${f.title}: ${f.from_pct}% → ${f.to_pct}% (${points(f.change_points)})`,
        }))}
      />
      {d.quotes.length > 0 && (
        <div className="report-diff-group">
          <h5>Quotes gained and lost</h5>
          {d.quotes.map((q) => (
            <details key={q.title} className="report-diff-quotes">
              <summary>
                {q.title}: {q.gained.length} gained, {q.lost.length} lost
              </summary>
              <ul>
                {q.gained.map((g, i) => (
                  <li key={`g${i}`} className="diff-gained">
                    <span aria-label="gained">+</span> “{g}”
                  </li>
                ))}
                {q.lost.map((l, i) => (
                  <li key={`l${i}`} className="diff-lost">
                    <span aria-label="lost">−</span> “{l}”
                  </li>
                ))}
              </ul>
            </details>
          ))}
        </div>
      )}
    </div>
  );
}

function DiffList({ title, items }: { title: string; items: { key: string; sign: string; text: string }[] }) {
  if (items.length === 0) return null;
  return (
    <div className="report-diff-group">
      <h5>
        {title} ({items.length})
      </h5>
      <ul aria-label={title}>
        {items.map((it) => (
          <li key={it.key}>
            <span className="diff-sign" aria-hidden="true">
              {it.sign}
            </span>{' '}
            {it.text}
          </li>
        ))}
      </ul>
    </div>
  );
}
