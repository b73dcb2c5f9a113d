/**
 * Participants as cases, and their metadata as variables: without participant data, only the interview's
 * own metadata (completion time, duration, screener approval); with it, also their name, email, every
 * custom participant field and every screener answer.
 */
import type { InterviewDetail } from '../../../shared/views';
import type { ParticipantValue } from '../../../shared/schemas/interview';
import { participantLabel } from '../../../shared/participant-code';
import { el, textEl } from './xml';

type Guid = (...parts: string[]) => string;

/**
 * How an interview's participant is called: by the study's participant code "P07", the same as in every
 * other file of the export (issue 21 §3), or "Ana Souza (P07)" when participant data is exported. Case
 * names are unique: tools key cases by name, and two participants called the same lost one case and its
 * variables (the code already keeps them apart; the numbering below is for a code repeated by hand).
 */
export function participantNames(complete: InterviewDetail[], includeParticipant: boolean) {
  const personLabel = (iv: InterviewDetail) => participantLabel(iv.code, includeParticipant ? (iv.participant?.name ?? iv.participant_name) : null);
  const caseName = new Map<string, string>();
  const seenNames = new Map<string, number>();
  for (const iv of complete) {
    const base = personLabel(iv);
    const n = (seenNames.get(base.toLowerCase()) ?? 0) + 1;
    seenNames.set(base.toLowerCase(), n);
    caseName.set(iv.id, n === 1 ? base : `${base} (${n})`);
  }
  for (const iv of complete) {
    const base = personLabel(iv);
    if ((seenNames.get(base.toLowerCase()) ?? 0) > 1 && caseName.get(iv.id) === base) caseName.set(iv.id, `${base} (1)`);
  }
  return { personLabel, caseName: (iv: InterviewDetail) => caseName.get(iv.id)! };
}

/** The <Variable> definitions and a <Case> per interview with its values, pointing at the interview's source. */
export function casesAndVariables(complete: InterviewDetail[], includeParticipant: boolean, caseName: (iv: InterviewDetail) => string, g: Guid) {
  const variables = collectVariables(complete, includeParticipant, g);
  const cases = complete.map((iv) =>
    el('Case', { guid: g('case', iv.id), name: caseName(iv) }, [...variables.valuesFor(iv), el('SourceRef', { targetGUID: g('source', iv.id) })]),
  );
  return { variables: variables.definitions, cases };
}

type VarKind = 'Text' | 'Boolean' | 'Integer';

function collectVariables(interviews: InterviewDetail[], includeParticipant: boolean, g: Guid) {
  type Def = { key: string; name: string; read: (iv: InterviewDetail) => ParticipantValue | undefined };
  const defs: Def[] = [
    { key: 'completed_at', name: 'Completed at', read: (iv) => iv.completed_at },
    { key: 'duration_minutes', name: 'Duration (minutes)', read: (iv) => iv.duration_minutes },
    { key: 'screener_approved', name: 'Screener approved', read: (iv) => iv.screener?.approved ?? iv.screener_approved },
  ];
  if (includeParticipant) {
    defs.push({ key: 'email', name: 'Email', read: (iv) => iv.participant?.email ?? iv.participant_email });
    const fieldKeys = [...new Set(interviews.flatMap((iv) => Object.keys(iv.participant?.fields ?? {})))].filter((k) => !['name', 'email'].includes(k)).sort();
    for (const k of fieldKeys)
      defs.push({
        key: `field:${k}`,
        name: k,
        read: (iv) => (iv.participant && Object.hasOwn(iv.participant.fields, k) ? iv.participant.fields[k] : undefined),
      });
    const questions = new Map<string, string>();
    for (const iv of interviews) for (const item of iv.screener?.items ?? []) if (!questions.has(item.id)) questions.set(item.id, item.text);
    for (const [id, text] of questions) {
      defs.push({ key: `screener:${id}`, name: `Screener: ${text}`, read: (iv) => iv.screener?.items.find((i) => i.id === id)?.answer });
    }
  }
  const used = defs
    .map((d) => {
      const values = interviews.map((iv) => d.read(iv)).filter((v): v is string | number | boolean => v !== null && v !== undefined && v !== '');
      if (values.length === 0) return null;
      const kind: VarKind = values.every((v) => typeof v === 'boolean')
        ? 'Boolean'
        : values.every((v) => typeof v === 'number' && Number.isSafeInteger(v))
          ? 'Integer'
          : 'Text';
      return { ...d, kind, guid: g('variable', d.key) };
    })
    .filter((d): d is NonNullable<typeof d> => d !== null);
  const valueEl = { Text: 'TextValue', Boolean: 'BooleanValue', Integer: 'IntegerValue' } as const;
  return {
    definitions: used.map((d) => el('Variable', { guid: d.guid, name: d.name, typeOfVariable: d.kind })),
    valuesFor: (iv: InterviewDetail) =>
      used.flatMap((d) => {
        const v = d.read(iv);
        if (v === null || v === undefined || v === '') return [];
        return [el('VariableValue', {}, [el('VariableRef', { targetGUID: d.guid }), textEl(valueEl[d.kind], String(v))])];
      }),
  };
}
