// The diff between two report versions: added, removed, reworded, frequency changes, quotes gained and lost.
import { describe, expect, it } from 'vitest';
import { diffReports, REWORDED_THRESHOLD, themeSimilarity, type DiffableTheme } from '../../../../src/shared/analysis/report-diff';

const theme = (title: string, frequency: number, summary = '', quotes: string[] = []): DiffableTheme => ({ title, frequency, summary, quotes });

const PRICE = theme('Price clarity', 0.75, 'Participants want to see the full price with fees before checkout.', [
  'I hate surprise fees.',
  'Show me the total.',
]);
const TRUST = theme('Trust in reviews', 0.5, 'Reviews from other buyers decide whether people trust the shop.', ['I read the reviews first.']);
const SPEED = theme('Delivery speed', 0.25, 'Fast delivery matters more than price for urgent items.', []);

describe('diffReports', () => {
  it('finds nothing between a version and itself', () => {
    expect(diffReports({ themes: [PRICE, TRUST] }, { themes: [PRICE, TRUST] })).toEqual({
      added: [],
      removed: [],
      reworded: [],
      frequency_changes: [],
      quotes: [],
    });
  });

  it('names themes added and removed, with their frequency in percent', () => {
    const d = diffReports({ themes: [PRICE, TRUST] }, { themes: [PRICE, SPEED] });
    expect(d.added).toEqual([{ title: 'Delivery speed', frequency_pct: 25 }]);
    expect(d.removed).toEqual([{ title: 'Trust in reviews', frequency_pct: 50 }]);
    expect(d.reworded).toEqual([]);
  });

  it('matches by exact title first, whatever the spacing and case, even when the summary was rewritten', () => {
    const rewritten = theme('  price   CLARITY ', 0.75, 'Completely different words here.', PRICE.quotes as string[]);
    const d = diffReports({ themes: [PRICE] }, { themes: [rewritten] });
    expect(d).toEqual({ added: [], removed: [], reworded: [], frequency_changes: [], quotes: [] });
  });

  it('pairs a reworded theme by the words its title and summary share, old title to new title', () => {
    const reworded = theme('Transparent pricing', 0.7, 'Participants want the full price with all fees shown before checkout.', PRICE.quotes as string[]);
    expect(themeSimilarity(PRICE, reworded)).toBeGreaterThanOrEqual(REWORDED_THRESHOLD);
    const d = diffReports({ themes: [PRICE, TRUST] }, { themes: [reworded, TRUST] });
    expect(d.reworded).toEqual([{ from_title: 'Price clarity', to_title: 'Transparent pricing', similarity: expect.any(Number) }]);
    expect(d.added).toEqual([]);
    expect(d.removed).toEqual([]);
    expect(d.frequency_changes).toEqual([{ title: 'Transparent pricing', from_pct: 75, to_pct: 70, change_points: -5 }]);
  });

  it('does not pair unrelated themes: below the threshold they are one removed and one added', () => {
    expect(themeSimilarity(TRUST, SPEED)).toBeLessThan(REWORDED_THRESHOLD);
    const d = diffReports({ themes: [TRUST] }, { themes: [SPEED] });
    expect(d.reworded).toEqual([]);
    expect(d.added.map((t) => t.title)).toEqual(['Delivery speed']);
    expect(d.removed.map((t) => t.title)).toEqual(['Trust in reviews']);
  });

  it('pairs each reworded theme with its own counterpart when several are reworded at once, listed in the new order', () => {
    const a = theme('Fees', 0.5, 'hidden fees checkout total price');
    const b = theme('Reviews', 0.4, 'buyer reviews stars trust shop');
    const a2 = theme('Surprise costs', 0.5, 'hidden fees at checkout raise the total price');
    const b2 = theme('Social proof', 0.4, 'buyer reviews and stars make people trust the shop');
    const d = diffReports({ themes: [a, b] }, { themes: [b2, a2] });
    expect(d.reworded.map((r) => [r.from_title, r.to_title])).toEqual([
      ['Reviews', 'Social proof'],
      ['Fees', 'Surprise costs'],
    ]);
  });

  it('reports frequency changes in percentage points, ignoring moves smaller than a tenth of a point', () => {
    const d = diffReports(
      { themes: [PRICE, TRUST, SPEED] },
      {
        themes: [
          { ...PRICE, frequency: 0.6 },
          { ...TRUST, frequency: 0.5004 },
          { ...SPEED, frequency: 0.333 },
        ],
      },
    );
    expect(d.frequency_changes).toEqual([
      { title: 'Price clarity', from_pct: 75, to_pct: 60, change_points: -15 },
      { title: 'Delivery speed', from_pct: 25, to_pct: 33.3, change_points: 8.3 },
    ]);
  });

  it('lists quotes gained and lost per matched theme, comparing them with their spacing normalised', () => {
    const after = { ...PRICE, quotes: ['  I hate   surprise fees. ', 'Fees should be upfront.'] };
    const d = diffReports({ themes: [PRICE, TRUST] }, { themes: [after, TRUST] });
    expect(d.quotes).toEqual([{ title: 'Price clarity', gained: ['Fees should be upfront.'], lost: ['Show me the total.'] }]);
  });

  it('names quote changes of a reworded theme by its new title, and leaves the quotes of added or removed themes out', () => {
    const reworded = theme('Transparent pricing', 0.75, PRICE.summary, ['Show me the total.']);
    const d = diffReports({ themes: [PRICE, TRUST] }, { themes: [reworded, SPEED] });
    expect(d.quotes).toEqual([{ title: 'Transparent pricing', gained: [], lost: ['I hate surprise fees.'] }]);
  });

  it('handles empty versions and duplicate titles one to one', () => {
    expect(diffReports({ themes: [] }, { themes: [PRICE] }).added).toHaveLength(1);
    expect(diffReports({ themes: [PRICE] }, { themes: [] }).removed).toHaveLength(1);
    const d = diffReports({ themes: [PRICE] }, { themes: [PRICE, { ...PRICE, frequency: 0.1 }] });
    expect(d.added).toEqual([{ title: 'Price clarity', frequency_pct: 10 }]);
    expect(d.frequency_changes).toEqual([]);
  });
});
