// The redaction scan's seeded corpus (bench/rows/redaction-scan.ts, and the test that a faster scan finds
// exactly what the old one found): interviews whose turns are sentences of everyday words with, at seeded
// rates, what real transcripts hold: other people's names mid-sentence (after a relation, with a title, or
// alone), the participant's own first name, brand and place names (capitalised words that are not people,
// so the name tagger runs on them too), "I", months and weekdays (which must not make it run), emails,
// phone numbers, links, postcodes and order numbers.
import { interviewRecord, type InterviewRecord } from '../../src/shared/schemas/interview';
import { seededRandom } from './random';

const WORDS =
  'the box was late again and we cooked it anyway but the price went up so I paused the plan for a week because the kids did not like the taste of the sauce and portions felt small'.split(
    ' ',
  );
const FIRST = 'Sarah Tom Priya Joan Peter Amara Lin Mateo Fatima Oliver Chloe Kwame Ingrid Raj Sofia Daniel Aisha Liam Mei Hugo'.split(' ');
const LAST = 'Jones Okafor Smith Baptiste Chen Reyes Novak Haddad Kowalski Murphy Singh Rossi Berg Tanaka Mensah'.split(' ');
// Participants are named from other lists, so a person mentioned is not already known as a participant's value.
const P_FIRST = 'Nadia Arjun Beatriz Colm Dalia Emeka Freya Goran Hana Idris Jonas Keiko Leila Marek Noor'.split(' ');
const P_LAST = 'Adeyemi Brennan Castillo Dubois Eriksen Farouk Gallagher Horvat Iyer Jansen'.split(' ');
const PLACES = 'Tesco HelloFresh London Leeds Gousto Amazon Manchester Sainsbury Deliveroo Bristol'.split(' ');

/** `interviews` records of `turns` turns each, the same for the same arguments, handed over `batch` at a time. */
export async function redactionCorpus(
  o: { interviews: number; turns: number; now: string; batch?: number },
  save: (records: InterviewRecord[]) => Promise<void>,
): Promise<void> {
  const r = seededRandom(14);
  const pick = <T>(xs: readonly T[]) => xs[r.int(xs.length)]!;
  const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const turnText = (own: string): string => {
    const roll = r.int(100);
    const head = `${words(4 + r.int(10))}`;
    const tail = `${words(6 + r.int(20))}.`;
    const cap = head[0]!.toUpperCase() + head.slice(1);
    if (roll < 4) return `${cap} and my sister ${pick(FIRST)} said ${tail}`;
    if (roll < 6) return `${cap} when ${pick(FIRST)} ${pick(LAST)} came round ${tail}`;
    if (roll < 7) return `${cap}, Mrs. ${pick(LAST)} told me ${tail}`;
    if (roll < 9) return `${cap}, honestly ${own} here, ${tail}`;
    if (roll < 19) return `${cap} from ${pick(PLACES)} ${tail}`;
    if (roll < 27) return `${cap} in May and on Friday, I think ${tail}`;
    if (roll < 29) return `${cap}, mail me at ${pick(FIRST).toLowerCase()}${r.int(99)}@example.com ${tail}`;
    if (roll < 30) return `${cap}, call 07700 ${String(900000 + r.int(99_999))} ${tail}`;
    if (roll < 31) return `${cap} near SW1A ${1 + r.int(9)}AA ${tail}`;
    if (roll < 32) return `${cap}, see www.${pick(WORDS)}cooks.com ${tail}`;
    if (roll < 33) return `${cap}, order ${String(10_000_000 + r.int(89_999_999))} ${tail}`;
    return `${cap} ${tail}`;
  };
  let records: InterviewRecord[] = [];
  for (let i = 0; i < o.interviews; i++) {
    const first = pick(P_FIRST);
    const transcript = Array.from({ length: o.turns }, (_, t) => ({
      role: t % 2 === 0 ? 'AI' : 'User',
      text: t % 2 === 0 ? `Question ${t / 2 + 1}: what about the ${pick(WORDS)}?` : turnText(first),
      start_ms: t * 15_000,
      end_ms: t * 15_000 + 12_000,
    }));
    records.push(
      interviewRecord.parse({
        id: `iv-${String(i).padStart(5, '0')}`,
        status: i % 10 === 9 ? 'INCOMPLETE' : 'COMPLETE',
        completed_at: i % 10 === 9 ? null : new Date(Date.parse(o.now) - (o.interviews - i) * 60_000).toISOString(),
        participant: { name: `${first} ${pick(P_LAST)}`, email: `p${i}@example.org`, plan: i % 2 ? 'Weekly' : 'Monthly' },
        transcript,
      }),
    );
    if (records.length === (o.batch ?? 500)) {
      await save(records);
      records = [];
    }
  }
  if (records.length) await save(records);
}
