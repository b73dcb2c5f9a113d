import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { runExport, type ExportRequest, type ExportSource } from '../../src/main/exports/run-export';
import type { ExportFormat } from '../../src/shared/exports';
import type { InterviewDetail, ProjectDetail } from '../../src/shared/views';
import { fakeRedactor, type KnownPerson } from '../../test/support/fake-redactor';
import { seededRandom } from '../../test/support/random';
import { ms, num } from '../lib/format';
import { summarize } from '../lib/stats';
import type { BenchContext, BenchRow } from '../lib/types';

/**
 * Row (issue 14 §4): the export with `--redact` beside the same export without. 300 interviews × 40 turns,
 * every participant with a name, an email and a phone number said in their answers, exported with
 * participant data and speakers labelled by name to every transcript format, DOCX, both participant CSVs
 * and the .qdpx, through the real export path (the folder sink with its atomic writes). Redacted with a
 * redactor that replaces every known value of the study's 300 participants (full names, name parts,
 * emails, phones: over a thousand values) as whole words in one pass per text; the real redactor is built
 * from the study's accepted findings, but asks the same of every export. Runs alternate, RUNS of each after
 * one of each to warm up; the medians are compared.
 */
const INTERVIEWS = 300;
const TURNS = 40;
const RUNS = 5;
const GOAL_RATIO = 1.5;
const FORMATS: ExportFormat[] = ['txt', 'md', 'srt', 'vtt', 'csv', 'json', 'docx', 'qdpx', 'participants-csv', 'screener-csv'];

const FIRST = 'Maya Daniel Priya Owen Chloe Tomasz Amara Liam Elif Vikram Siobhan George Hana Yusuf Rosa Callum Keisha Ivan Bethan Farah'.split(' ');
const LAST = 'Cohen Okafor Sharma Gallagher Martin Nowak Adeyemi Walsh Demir Rao Byrne Hughes Sato Haddad Fernandes Campbell Mensah Petrov Evans'.split(' ');
const WORDS = 'box price week recipe delivery late cancel friend cook dinner fresh plastic card skip kids taste portion cost the and was'.split(' ');

export function benchStudy(): { interviews: InterviewDetail[]; people: KnownPerson[] } {
  const rand = seededRandom(14).int;
  const sentence = () => Array.from({ length: 15 + rand(30) }, () => WORDS[rand(WORDS.length)]).join(' ');
  const people: KnownPerson[] = [];
  const interviews: InterviewDetail[] = [];
  for (let i = 0; i < INTERVIEWS; i++) {
    const first = FIRST[i % FIRST.length]!;
    const last = `${LAST[Math.floor(i / FIRST.length) % LAST.length]!}${i >= FIRST.length * LAST.length ? i : ''}`;
    const id = `${(0x10000000 + i).toString(16)}-0000-4000-8000-000000000000`;
    const person = { id, name: `${first} ${last}`, email: `${first}.${last}${i}@example.com`.toLowerCase(), phone: `+44 7700 9${String(i).padStart(5, '0')}` };
    people.push(person);
    const transcript = Array.from({ length: TURNS }, (_, t) => {
      let text = sentence();
      if (t === 1) text += ` I'm ${first}, email ${person.email} or call ${person.phone}.`;
      if (t === 2) text = `Thanks, ${first}. ${text}`;
      if (t % 7 === 5) text += ` My friend ${FIRST[rand(FIRST.length)]} said the same.`;
      return { index: t, role: t % 2 === 0 ? ('AI' as const) : ('User' as const), text, start_ms: t * 15_000, end_ms: t * 15_000 + 12_000 };
    });
    interviews.push({
      id,
      project_id: 'bench',
      status: 'COMPLETE',
      completed_at: '2026-11-20T10:15:00Z',
      duration_minutes: 10,
      participant_name: person.name,
      participant_email: person.email,
      screener_approved: true,
      detail_state: 'complete',
      turn_count: TURNS,
      has_video: false,
      participant: { name: person.name, email: person.email, fields: { name: person.name, email: person.email, phone: person.phone, plan: 'Weekly' } },
      screener: { approved: true, items: [{ id: 'sq', text: 'Who told you about us?', answer: `My friend ${FIRST[(i + 1) % FIRST.length]}` }] },
      transcript,
      thumbnail_url: null,
      offline: false,
    } as InterviewDetail);
  }
  return { interviews, people };
}

function source(interviews: InterviewDetail[]): ExportSource {
  const project = { id: 'bench', title: 'Bench study', report: null } as unknown as ProjectDetail;
  return {
    project: async () => project,
    interviews: async () => interviews,
    highlights: async () => [],
    videoFile: async () => null,
    locateQuote: async () => null,
  };
}

export async function exportRedact(ctx: BenchContext): Promise<BenchRow> {
  const { interviews, people } = benchStudy();
  const redactor = fakeRedactor(people);
  const src = source(interviews);
  let n = 0;
  const once = async (redacted: boolean) => {
    const folder = join(ctx.runDir, 'export-redact', String(n++));
    mkdirSync(folder, { recursive: true });
    const req: ExportRequest = {
      formats: FORMATS,
      interviewIds: null,
      target: { kind: 'folder', folder },
      includeParticipant: true,
      speakerLabels: 'name',
      lineEnding: 'lf',
      user: { id: 'bench', name: 'Bench' },
      ...(redacted ? { redactor } : {}),
    };
    const start = performance.now();
    const { result } = await runExport(src, req);
    return { ms: performance.now() - start, files: result.files.length, bytes: result.bytes };
  };
  const { plain, redacted, files, bytes, textMs } = await ctx.phase(
    `export redact: ${num(INTERVIEWS)} interviews × ${TURNS} turns to ${FORMATS.length} formats, with and without redaction, ${RUNS} runs each`,
    async () => {
      await once(false);
      await once(true);
      const p: number[] = [];
      const r: number[] = [];
      let last = { files: 0, bytes: 0 };
      for (let k = 0; k < RUNS; k++) {
        p.push((await once(false)).ms);
        const red = await once(true);
        r.push(red.ms);
        last = red;
      }
      // The redactor's own work: every turn's text once, as the export asks it.
      const t0 = performance.now();
      for (const iv of interviews) for (const t of iv.transcript) redactor.text(t.text);
      return { plain: summarize(p), redacted: summarize(r), files: last.files, bytes: last.bytes, textMs: performance.now() - t0 };
    },
  );
  const ratio = redacted.p50 / plain.p50;
  return {
    id: 'export-redact',
    what: `Export ${num(INTERVIEWS)} interviews (${num(INTERVIEWS * TURNS)} turns) to ${FORMATS.join(', ')}, redacted (median of ${RUNS})`,
    value: [`${ms(redacted.p50)} redacted`, `${num(files)} files, ${(bytes / 1e6).toFixed(1)} MB`],
    baselines: [`the same export without redaction: ${ms(plain.p50)}`],
    ratio: [`${ratio.toFixed(2)}× the export without`],
    goals: [{ text: `≤ ${GOAL_RATIO}× the export without`, pass: ratio <= GOAL_RATIO }],
    notes: [
      `Redaction runs once per export, on the data every format is rendered from (an interview's turns, screener and fields), not once per format. Replacing ${num(redactor.values.length)} known values in every turn's text alone takes ${ms(textMs)}. The redactor is the test's stand-in (test/support/fake-redactor.ts): one case-insensitive whole-word pattern of every value.`,
      'In the bench process; building the interviews in memory is not timed.',
    ],
  };
}
