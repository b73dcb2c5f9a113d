import './progress.css';

/** A determinate bar with its numbers spelled out for assistive technology. */
export function ProgressBar({ value, max, label }: { value: number; max: number; label: string }) {
  const pct = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div className="progress" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={max} aria-valuenow={Math.min(value, max)}>
      <div className="progress-fill" style={{ width: `${pct}%` }} />
    </div>
  );
}
