import type { ProjectDetail, ProjectGuide } from '../../../shared/views';
import { PROBING_INFO } from '../study-form';
import { isProbingLevel } from '../study-form/model';

const probingText = (level: 'low' | 'medium' | 'high') => `${PROBING_INFO[level].label} · ${PROBING_INFO[level].followUps}`;

/** The guide's content: objective, intro, the questions (with their depth and the stimuli shown with them), end. */
export function GuideReadout({ guide: g, stimuli }: { guide: ProjectGuide; stimuli: ProjectDetail['stimuli'] }) {
  return (
    <div className="guide-main">
      {g.research_objective && (
        <section className="guide-block" aria-labelledby="guide-objective">
          <h3 id="guide-objective">Research objective</h3>
          <p className="guide-text">{g.research_objective}</p>
        </section>
      )}
      <section className="guide-block" aria-labelledby="guide-intro">
        <h3 id="guide-intro">Intro message</h3>
        <p className="guide-text">{g.intro_message || <span className="muted">None</span>}</p>
      </section>
      <section className="guide-block" aria-labelledby="guide-questions">
        <h3 id="guide-questions">
          Questions <span className="muted num">{g.questions.length}</span>
        </h3>
        <ol className="guide-questions">
          {g.questions.map((q, i) => {
            const shownWith = stimuli.filter((s) => s.question_items.includes(q.question));
            return (
              <li key={`${i}-${q.question}`}>
                <span className="sf-question-n num" aria-hidden="true">
                  {i + 1}
                </span>
                <div>
                  <p className="guide-text">{q.question}</p>
                  <p className="guide-meta">
                    {/* Unknown levels (external drafts) are explained once above rather than on every question. */}
                    {isProbingLevel(q.probing_level) && <span className={`guide-probing probing-${q.probing_level}`}>{probingText(q.probing_level)}</span>}
                    {shownWith.length > 0 && <span className="hint">Shown with: {shownWith.map((s) => s.caption || 'untitled stimulus').join(', ')}</span>}
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      </section>
      <section className="guide-block" aria-labelledby="guide-end">
        <h3 id="guide-end">End message</h3>
        <p className="guide-text">{g.end_message || <span className="muted">None</span>}</p>
      </section>
    </div>
  );
}
