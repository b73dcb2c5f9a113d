// A cache filled like the demo's "Meal-kit churn" study (its people, their scripted answers, a report and
// coded highlights), with the participants' names, emails and phone numbers said in the transcripts, the
// screener, the report, highlight quotes and notes: what a redacted export must leave out, in every format.
import { openInProcessCache, type Cache } from '../../src/main/cache/cache';
import { demoScripts } from '../../src/sandbox/seed/demo-scripts';
import { interviewRecord } from '../../src/shared/schemas/interview';
import { projectListItem } from '../../src/shared/schemas/project';
import { report } from '../../src/shared/schemas/report';
import type { KnownPerson } from './fake-redactor';

export const STUDY = '22222222-2222-4222-8222-222222222222';
const NOW = '2026-11-26T10:00:00.000Z';

export type RedactionStudy = { cache: Cache; people: KnownPerson[]; code: string };

const idFor = (i: number) => `${(0xc0ffee00 + i).toString(16)}-0000-4000-8000-${String(i).padStart(12, '0')}`;

/**
 * The demo's churn interviews (complete and incomplete), `limit` of them. Each participant says their
 * first name, email and phone in their first answer, and the interviewer thanks them by name; the
 * screener names the friend who referred them (another participant).
 */
export async function redactionStudy(limit = Infinity): Promise<RedactionStudy> {
  const cache = await openInProcessCache(':memory:');
  await cache.call('projects.saveList', { items: [projectListItem.parse({ id: STUDY, title: 'Meal-kit churn', status: 'ACTIVE' })], syncedAt: NOW });
  const scripts = demoScripts()
    .filter((s) => s.topic === 'churn')
    .slice(0, limit);
  const people: KnownPerson[] = scripts.map((s, i) => {
    const [first, ...rest] = s.person.name.split(' ');
    return {
      id: idFor(i),
      name: s.person.name,
      email: `${first}.${rest.join('')}@example.com`.toLowerCase(),
      phone: `+44 7700 900${String(100 + i)}`,
    };
  });
  const records = scripts.map((s, i) => {
    const p = people[i]!;
    const first = p.name.split(' ')[0]!;
    const friend = people[(i + 1) % people.length]!;
    const turns = s.turns.map((t, k) => {
      let text = t.text;
      if (k === 1) text = `${text} I'm ${first}, by the way; reach me at ${p.email} or ${p.phone}.`;
      if (k === 2) text = `Thanks, ${first}. ${text}`;
      return { role: t.role, text, start_ms: k * 10_000, end_ms: k * 10_000 + 8000 };
    });
    return interviewRecord.parse({
      id: p.id,
      status: s.status,
      completed_at: s.status === 'COMPLETE' ? `2025-03-${String(1 + (i % 28)).padStart(2, '0')}T10:00:00Z` : null,
      duration_minutes: 9,
      participant: { name: p.name, email: p.email, phone: p.phone, plan: i % 2 ? 'Weekly' : 'Monthly', household: String(1 + (i % 4)) },
      screener: {
        approved: true,
        questions: { sq_household: 'How many people do you usually cook for?', sq_referral: 'Who told you about us?' },
        answers: { sq_household: String(1 + (i % 4)), sq_referral: `My friend ${friend.name}` },
      },
      transcript: turns,
    });
  });
  await cache.call('interviews.saveFullRecords', { projectId: STUDY, items: records, now: NOW });
  const said = (i: number) => records[i]!.transcript![1]!.text;
  await cache.call('reports.save', {
    projectId: STUDY,
    now: NOW,
    report: report.parse({
      report_id: 'r-1',
      project_id: STUDY,
      status: 'COMPLETED',
      generated_at: '2025-04-01T00:00:00Z',
      interviews_analysed: records.length,
      summary: `${people[0]!.name} and ${people[1]!.name.split(' ')[0]} paused over price; write to ${people[0]!.email}.`,
      themes: [
        { title: 'Price versus value', frequency: 0.8, summary: `Led by ${people[1]!.name}.`, quotes: [said(0), said(1)] },
        { title: 'Delivery', frequency: 0.4, summary: 'Boxes came late.', quotes: [said(2)] },
      ],
    }),
  });
  for (let i = 0; i < Math.min(6, records.length); i++) {
    const quote = said(i);
    await cache.call('highlights.add', {
      highlight: {
        project_id: STUDY,
        interview_id: people[i]!.id,
        start_turn: 1,
        start_offset: 0,
        end_turn: 1,
        end_offset: quote.length,
        start_ms: 10_000,
        quote,
        note: `Follow up with ${people[i]!.name.split(' ')[0]} at ${people[i]!.email}`,
        new_codes: ['Price versus value'],
      },
      now: NOW,
    });
  }
  const code = (await cache.call('codes.list', { projectId: STUDY })).find((c) => c.name === 'Price versus value')!.id;
  return { cache, people, code };
}
