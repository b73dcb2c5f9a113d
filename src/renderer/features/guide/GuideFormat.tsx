import type { ProjectDetail, ProjectGuide } from '../../../shared/views';
import { localeLabel, modesExplanation, MODE_INFO, RECRUITING_INFO } from '../study-form';
import { isInteractionMode } from '../study-form/model';

/** The side column: languages, interaction modes and participants, as the service reported them. */
export function GuideFormat({ guide: g, recruiting }: { guide: ProjectGuide; recruiting: ProjectDetail['recruiting'] }) {
  return (
    <aside className="guide-side" aria-label="Format">
      <section className="guide-block">
        <h3>Languages</h3>
        {g.languages.length ? (
          <ul className="plain-list guide-list">
            {g.languages.map((l) => (
              <li key={`${l.language_name}-${l.accent}`}>
                {l.language_name} <span className="muted mono">{l.accent}</span>
                <span className="hint"> · {localeLabel(l.accent)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">Not reported by the service.</p>
        )}
      </section>
      <section className="guide-block">
        <h3>Interaction modes</h3>
        {g.interaction_modes.length ? (
          <>
            <p>{g.interaction_modes.map((m) => (isInteractionMode(m) ? MODE_INFO[m].label : m)).join(', ')}</p>
            <p className="hint">{modesExplanation(g.interaction_modes)}</p>
          </>
        ) : (
          <p className="muted">Not reported by the service.</p>
        )}
      </section>
      <section className="guide-block">
        <h3>Participants</h3>
        <p className="num">
          {recruiting.target_participants !== null ? `Target ${recruiting.target_participants}` : 'No target set'} · {recruiting.completed_participants}{' '}
          completed
        </p>
        {recruiting.type && recruiting.type in RECRUITING_INFO && (
          <p className="hint">{RECRUITING_INFO[recruiting.type as keyof typeof RECRUITING_INFO].label}</p>
        )}
      </section>
    </aside>
  );
}
