import { create } from 'zustand';
import { AI_REPORT_CODER } from '../../../shared/analysis/codebook';
import type { AgreementCoderView, AgreementView } from '../../../shared/ipc/channels/agreement';
import { api, call, UiError } from '../../lib/api';
import { useThemesToCodes } from '../report/themes-to-codes-store';

/** A coder as a form value: '' for the researcher (whose segments carry no coder name), else the name. */
export const coderValue = (c: string | null) => c ?? '';
const fromValue = (v: string) => (v === '' ? null : v);

export type AgreementSlice = {
  coders: AgreementCoderView[] | null;
  /** The two coders compared, as form values; by default the researcher against the AI report. */
  a: string;
  b: string;
  result: AgreementView | null;
  loading: boolean;
  error: UiError | null;
};

type State = {
  byKey: Record<string, AgreementSlice>;
  load(workspaceId: string, projectId: string): Promise<void>;
  pick(workspaceId: string, projectId: string, which: 'a' | 'b', value: string): Promise<void>;
  /** The report's themes as codes, then the comparison again (it now has the AI report's codings). */
  themesToCodes(workspaceId: string, projectId: string): Promise<void>;
};

const key = (w: string, p: string) => `${w}/${p}`;
const EMPTY: AgreementSlice = { coders: null, a: '', b: AI_REPORT_CODER, result: null, loading: false, error: null };
export const agreementOf = (s: State, w: string, p: string) => s.byKey[key(w, p)] ?? EMPTY;

const latest = new Map<string, number>();
let asked = 0;

export const useAgreement = create<State>((set, get) => {
  const patch = (w: string, p: string, v: Partial<AgreementSlice>) => set((s) => ({ byKey: { ...s.byKey, [key(w, p)]: { ...agreementOf(s, w, p), ...v } } }));
  return {
    byKey: {},
    async load(w, p) {
      const id = ++asked;
      latest.set(key(w, p), id);
      patch(w, p, { loading: true, error: null });
      try {
        const { a, b } = agreementOf(get(), w, p);
        const [coders, result] = await Promise.all([
          call(api().agreement.coders({ workspace_id: w, project_id: p })),
          a === b ? Promise.resolve(null) : call(api().agreement.compare({ workspace_id: w, project_id: p, coder_a: fromValue(a), coder_b: fromValue(b) })),
        ]);
        if (latest.get(key(w, p)) === id) patch(w, p, { coders, result, loading: false });
      } catch (e) {
        if (latest.get(key(w, p)) === id) patch(w, p, { loading: false, error: UiError.from(e) });
      }
    },
    async pick(w, p, which, value) {
      patch(w, p, which === 'a' ? { a: value } : { b: value });
      await get().load(w, p);
    },
    async themesToCodes(w, p) {
      await useThemesToCodes.getState().run(w, p);
      await get().load(w, p);
    },
  };
});
