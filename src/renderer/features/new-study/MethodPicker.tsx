import type { Method } from './store';

const METHODS: { id: Method; title: string; detail: string }[] = [
  { id: 'ai', title: 'Draft with AI', detail: 'Describe what you want to learn; the AI drafts a title, messages and questions you then edit.' },
  { id: 'own', title: 'Write my own questions', detail: 'Start from a blank guide.' },
  { id: 'stimuli', title: 'Stimuli study', detail: 'Show images or videos beside questions, e.g. to test packaging or concepts.' },
  { id: 'external', title: 'External AI guide', detail: 'The service generates the whole guide and recruiting criteria as a draft.' },
];

/** How the study starts: the four methods as radio cards. */
export function MethodPicker({ name, method, onChoose }: { name: string; method: Method; onChoose: (m: Method) => void }) {
  return (
    <fieldset className="ns-methods">
      <legend className="sf-legend">How do you want to start?</legend>
      {METHODS.map((m) => (
        <label key={m.id} className={`ns-method ${method === m.id ? 'is-on' : ''}`}>
          <input type="radio" name={name} value={m.id} checked={method === m.id} onChange={() => onChoose(m.id)} />
          <span>
            <strong>{m.title}</strong>
            <span className="hint">{m.detail}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
