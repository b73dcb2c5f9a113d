import { loadEvalSet, PERSON_FORMS } from '../../test/support/redaction-eval-set';
import { detectRedaction, exportRedactions, precision, recall, scoreRedaction, type EvalScore, type Tally } from '../../test/support/redaction-eval';
import { num, out, pct } from '../lib/format';
import type { BenchContext, BenchRow, Goal } from '../lib/types';

/**
 * Row: how well "Redact names and personal data" redacts (issue 21 §1), on the hand-labelled set in
 * test/fixtures/redaction-eval. Each study is seeded into a cache of its own, scanned by the real study scan,
 * every finding accepted, and redacted as an export writes it; the score is what is left in the redacted text
 * (test/support/redaction-eval.ts): a mention is found only when none of its words survive. Baseline: each turn
 * alone through plain detect(), without the study's context, for diagnosis.
 *
 * Also runs alone, without the sandbox, and then lists every miss and false alarm:
 * `npx tsx bench/rows/redaction-quality.ts`; with words after it, only the studies whose source file names hold
 * one of them (`… study-9 study-10`), so lines added to the set can be scored apart from the rest.
 */
const GOALS = { names: 0.95, culture: 0.9, form: 0.9, contacts: 0.97, falseAlarms: 0.03 };

const rate = (t: Tally) => `${num(t.found)}/${num(t.total)} (${pct(recall(t))})`;
const worst = (m: Map<string, Tally>) => [...m].filter(([, t]) => t.total > 0).sort((a, b) => recall(a[1]) - recall(b[1]))[0];
const cell = (name: string, t: Tally, goal: number) =>
  `${name} ${pct(recall(t))} ${num(t.found)}/${num(t.total)}${t.partial ? ` (${t.partial} partial)` : ''}${recall(t) >= goal ? '' : ' ✗'}`;

async function measure(only: readonly string[] = []) {
  const set = loadEvalSet().filter((st) => only.length === 0 || only.some((w) => st.file.includes(w)));
  const exported = scoreRedaction(set, await exportRedactions(set));
  const detected = scoreRedaction(set, detectRedaction(set));
  return { exported, detected };
}

function goalsOf(s: EvalScore): Goal[] {
  const partial = [...s.byKind.values()].reduce((n, t) => n + t.partial, 0) + s.participantRecord.partial;
  const fa = s.negatives.flagged / Math.max(1, s.negatives.total);
  // A part of the set with no names in it (the contact studies alone) has no worst culture or form.
  const [wc, wct] = worst(s.byCulture) ?? ['none', { total: 0, found: 0, partial: 0 }];
  const [wf, wft] = worst(s.byForm) ?? ['none', { total: 0, found: 0, partial: 0 }];
  return [
    { text: `names ≥ ${pct(GOALS.names)}`, pass: recall(s.names) >= GOALS.names },
    { text: `every culture ≥ ${pct(GOALS.culture)} (worst ${wc} ${pct(recall(wct))})`, pass: recall(wct) >= GOALS.culture },
    { text: `every form ≥ ${pct(GOALS.form)} (worst ${wf} ${pct(recall(wft))})`, pass: recall(wft) >= GOALS.form },
    { text: `contacts ≥ ${pct(GOALS.contacts)}`, pass: recall(s.contacts) >= GOALS.contacts },
    { text: `false alarms ≤ ${pct(GOALS.falseAlarms)} of negatives`, pass: fa <= GOALS.falseAlarms },
    { text: `0 partial replacements (${partial})`, pass: partial === 0 },
  ];
}

/** The breakdown tables, one line each. */
function breakdown(s: EvalScore, label: string): string[] {
  const kinds = [...s.byKind].map(([k, t]) => cell(k, t, k === 'person' ? GOALS.names : GOALS.contacts));
  const forms = PERSON_FORMS.map((f) => cell(f, s.byForm.get(f)!, GOALS.form));
  const cultures = [...s.byCulture].sort((a, b) => recall(a[1]) - recall(b[1])).map(([c, t]) => cell(c, t, GOALS.culture));
  const cats = [...s.byCategory].map(([c, t]) => `${c} ${t.flagged}/${t.total}`);
  return [
    `${label}, by kind: ${kinds.join(' · ')}.`,
    `${label}, names by form: ${forms.join(' · ')}.`,
    `${label}, names by culture (worst first): ${cultures.join(' · ')}.`,
    `${label}, false alarms by category (replaced/labelled): ${cats.join(' · ')}.`,
  ];
}

export async function redactionQualityRow(ctx: BenchContext): Promise<BenchRow> {
  const { exported: s, detected: d } = await ctx.phase('redaction quality: the labelled studies, exported redacted and scored', measure);
  const fa = (x: EvalScore) => `${num(x.negatives.flagged)}/${num(x.negatives.total)} (${pct(x.negatives.flagged / Math.max(1, x.negatives.total))})`;
  return {
    id: 'redaction-quality',
    what: `Redaction quality: what a redacted export leaves of ${num(s.all.total)} labelled mentions and ${num(s.negatives.total)} negatives (test/fixtures/redaction-eval)`,
    value: [
      `other people's names found: ${rate(s.names)}`,
      `propagation (a name said in full elsewhere in the study): ${rate(s.propagation)}`,
      `contacts found: ${rate(s.contacts)}`,
      `participants' own: ${rate(s.byKind.get('participant')!)} in turns, ${rate(s.participantRecord)} in the record`,
      `false alarms: ${fa(s)}; precision over labelled words ${pct(precision(s))} (${num(s.replacedWords.unlabelled)} unlabelled words replaced)`,
      `partial replacements: ${num(s.all.partial + s.participantRecord.partial)}`,
    ],
    baselines: [`each turn alone through detect(): names ${rate(d.names)}, contacts ${rate(d.contacts)}, false alarms ${fa(d)}`],
    ratio: [],
    goals: goalsOf(s),
    notes: [
      ...breakdown(s, 'Export'),
      ...breakdown(d, 'detect() per turn').slice(0, 1),
      `Found = none of the mention's words left in the redacted turn; a mention left in part counts as missed and as partial. A negative is a false alarm when any of its words was replaced. Run \`npx tsx bench/rows/redaction-quality.ts\` for every miss and false alarm.`,
    ],
  };
}

// Alone: the same measurement and tables, then every miss and false alarm (the detector work's to-do list).
if (require.main === module) {
  void measure(process.argv.slice(2)).then(({ exported: s, detected: d }) => {
    for (const line of [...breakdown(s, 'Export'), ...breakdown(d, 'detect() per turn')]) out(line);
    for (const g of goalsOf(s)) out(`${g.pass ? 'PASS' : 'MISS'} ${g.text}`);
    out(`\nMissed (${s.misses.length}):`);
    for (const m of s.misses)
      out(`  ${m.kind}${m.form ? `/${m.form}/${m.culture}` : ''}${m.partial ? ' PARTIAL' : ''} ${m.study}/${m.interview}#${m.turn}: ${m.context}`);
    out(`\nFalse alarms (${s.falseAlarms.length}):`);
    for (const f of s.falseAlarms) out(`  ${f.category} ${f.study}/${f.interview}#${f.turn}: ${f.context}`);
  });
}
