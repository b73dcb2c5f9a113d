import type { GridCode, QuestionGrid } from '../../../shared/analysis/question-grid';
import { CodeChip } from './CodeChip';

/** Per group, how often each code occurs in each question's answers. */
export function GroupCounts({ grid, codes, label, only }: { grid: QuestionGrid; codes: Map<string, GridCode>; label: string; only: string | null }) {
  const groups = only === null ? grid.groups : grid.groups.filter((g) => g.name === only);
  const anyCodes = groups.some((g) => g.counts.some((c) => Object.keys(c).length > 0));
  return (
    <details className="qg-counts" open>
      <summary>Codes per question by {label}</summary>
      {!anyCodes ? (
        <p className="muted">No coded answers yet. Code segments in the interview viewer to see how often each code comes up per group.</p>
      ) : (
        <div className="qg-counts-scroll">
          <table className="table qg-counts-table" aria-label={`Codes per question by ${label}`}>
            <thead>
              <tr>
                <th scope="col">{label}</th>
                {grid.questions.map((q) => (
                  <th key={q.index} scope="col" title={q.text}>
                    Q{q.index + 1}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {groups.map((g) => (
                <tr key={g.name}>
                  <th scope="row">
                    {g.name} <span className="muted">({g.interviews})</span>
                  </th>
                  {g.counts.map((counts, q) => (
                    <td key={q}>
                      <span className="qg-chips">
                        {Object.entries(counts)
                          .sort((a, b) => b[1] - a[1])
                          .map(([id, n]) => {
                            const c = codes.get(id);
                            return c ? <CodeChip key={id} code={c} count={n} /> : null;
                          })}
                      </span>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </details>
  );
}
