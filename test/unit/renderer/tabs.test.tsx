// The shared tabs of the study page, its Interviews and Analysis tabs and the viewer: ARIA roles and ids the
// e2e tests find them by, a roving tabindex, and Left/Right that wrap round.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { nextTab, TabList, TabPanel, type TabIds } from '../../../src/renderer/components/Tabs';

const IDS: TabIds = { tab: 'x-tab-', panel: 'x-panel-' };
const TABS = [
  { id: 'a', label: 'First' },
  { id: 'b', label: 'Second' },
  { id: 'c', label: 'Third' },
] as const;

/** Each button's attributes, by tab id. */
const buttons = (html: string) =>
  [...html.matchAll(/<button([^>]*)>([^<]*)<\/button>/g)].map(([, attrs, label]) => ({
    label,
    attr: (name: string) => new RegExp(` ${name}="([^"]*)"`).exec(attrs!)?.[1],
  }));

describe('TabList', () => {
  it('is a labelled tablist of tab buttons; the selected one alone is in the Tab order and each controls its panel', () => {
    const html = renderToStaticMarkup(
      <TabList label="Some views" tabs={TABS} active="b" onSelect={() => {}} ids={IDS} className="views extra" tabClassName="view" />,
    );
    expect(html).toMatch(/^<div class="views extra" role="tablist" aria-label="Some views">/);
    const b = buttons(html);
    expect(b.map((x) => x.label)).toEqual(['First', 'Second', 'Third']);
    expect(b.map((x) => x.attr('id'))).toEqual(['x-tab-a', 'x-tab-b', 'x-tab-c']);
    expect(b.map((x) => x.attr('aria-controls'))).toEqual(['x-panel-a', 'x-panel-b', 'x-panel-c']);
    expect(b.map((x) => x.attr('aria-selected'))).toEqual(['false', 'true', 'false']);
    expect(b.map((x) => x.attr('tabindex'))).toEqual(['-1', '0', '-1']);
    expect(b.every((x) => x.attr('role') === 'tab' && x.attr('class') === 'view' && x.attr('type') === 'button')).toBe(true);
  });
});

describe('TabPanel', () => {
  it('is the active tab’s panel, labelled by its tab', () => {
    const html = renderToStaticMarkup(
      <TabPanel active="c" ids={IDS} className="panel">
        <p>Body</p>
      </TabPanel>,
    );
    expect(html).toBe('<div class="panel" role="tabpanel" id="x-panel-c" aria-labelledby="x-tab-c"><p>Body</p></div>');
  });
});

describe('nextTab', () => {
  const ids = TABS.map((t) => t.id);
  it('moves right and left, wrapping round at both ends', () => {
    expect(nextTab(ids, 'a', 'ArrowRight')).toBe('b');
    expect(nextTab(ids, 'c', 'ArrowRight')).toBe('a');
    expect(nextTab(ids, 'b', 'ArrowLeft')).toBe('a');
    expect(nextTab(ids, 'a', 'ArrowLeft')).toBe('c');
  });
  it('Home and End go to the first and the last tab', () => {
    expect(nextTab(ids, 'b', 'Home')).toBe('a');
    expect(nextTab(ids, 'b', 'End')).toBe('c');
    expect(nextTab([], 'a', 'Home')).toBeNull();
  });
  it('ignores other keys and an empty list; a current tab no longer listed counts as the first', () => {
    expect(nextTab(ids, 'a', 'ArrowDown')).toBeNull();
    expect(nextTab(ids, 'a', 'Enter')).toBeNull();
    expect(nextTab([], 'a', 'ArrowRight')).toBeNull();
    expect(nextTab(['a', 'b', 'c'], 'z', 'ArrowRight')).toBe('b');
  });
});
