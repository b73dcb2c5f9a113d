import type { KeyboardEvent, ReactNode } from 'react';

/** The DOM ids of a set of tabs: tab `${tab}${id}` controls panel `${panel}${id}` (e2e and CSS rely on them). */
export type TabIds = { tab: string; panel: string };
export type TabItem<T extends string> = { id: T; label: string };

/**
 * The tab a key moves to from `current`: Left/Right the neighbour, wrapping round; Home and End the first and
 * the last (the ARIA tabs pattern). Null for any other key or no tabs.
 */
export function nextTab<T extends string>(ids: readonly T[], current: T, key: string): T | null {
  if (ids.length === 0) return null;
  if (key === 'Home') return ids[0]!;
  if (key === 'End') return ids[ids.length - 1]!;
  const step = key === 'ArrowRight' ? 1 : key === 'ArrowLeft' ? -1 : 0;
  if (step === 0) return null;
  const i = Math.max(0, ids.indexOf(current));
  return ids[(i + step + ids.length) % ids.length]!;
}

/**
 * A role="tablist" of buttons (ARIA tabs, automatic activation): the selected tab alone is in the Tab order
 * (roving tabindex), Left/Right select the neighbouring tab, Home and End the first and last, and focus follows. The panel is a TabPanel
 * with the same `ids`, placed wherever the screen wants it.
 */
export function TabList<T extends string>({
  label,
  tabs,
  active,
  onSelect,
  ids,
  className,
  tabClassName,
}: {
  label: string;
  tabs: readonly TabItem<T>[];
  active: T;
  onSelect: (id: T) => void;
  ids: TabIds;
  className: string;
  tabClassName: string;
}) {
  const onKeyDown = (e: KeyboardEvent) => {
    const next = nextTab(
      tabs.map((t) => t.id),
      active,
      e.key,
    );
    if (next === null) return;
    e.preventDefault();
    onSelect(next);
    document.getElementById(`${ids.tab}${next}`)?.focus();
  };
  return (
    <div className={className} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map((t) => (
        <button
          key={t.id}
          id={`${ids.tab}${t.id}`}
          type="button"
          role="tab"
          className={tabClassName}
          aria-selected={t.id === active}
          aria-controls={`${ids.panel}${t.id}`}
          tabIndex={t.id === active ? 0 : -1}
          onClick={() => onSelect(t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}

/** The panel of the active tab of a TabList with the same `ids`. */
export function TabPanel({ active, ids, className, children }: { active: string; ids: TabIds; className: string; children: ReactNode }) {
  return (
    <div className={className} role="tabpanel" id={`${ids.panel}${active}`} aria-labelledby={`${ids.tab}${active}`}>
      {children}
    </div>
  );
}
