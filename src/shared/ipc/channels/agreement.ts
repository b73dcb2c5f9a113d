import { z } from 'zod';
import type { Statistic } from '../../analysis/agreement-stats';
import { idSchema } from '../../ids';
import { channel } from '../define';
import { workspaceId } from './workspaces';

const ws = { workspace_id: workspaceId };
/** A coder: null for this workspace's researcher, else the name segments carry ("AI report", an imported coder). */
const coder = z.string().trim().min(1).max(200).nullable();

/** A coder of the study: `coder` as highlights store it, `label` as shown, `segments` how many coded segments are theirs. */
export type AgreementCoderView = { coder: string | null; label: string; segments: number };

/** One turn where one coder applied the code and the other did not. */
export type AgreementDisagreementView = {
  interview_id: string;
  participant_name: string | null;
  /** Its interview's participant code "P07" ('' until given), named beside the name as the Interviews list does. */
  code: string;
  turn_index: number;
  /** The turn's start in the video; null when unknown. */
  start_ms: number | null;
  /** The guide question the turn belongs to, when the guide is known and the turn could be aligned to it. */
  question: string | null;
  role: string;
  text: string;
  /** Which coder applied the code to it. */
  applied_by: 'A' | 'B';
};

export type CodeAgreementView = {
  /** The codebook's id for the code: what the comparison groups codings by. */
  code_id: string;
  /** The code's name in the codebook. */
  code: string;
  /** The code's colour in the codebook; null when it has none. */
  color: string | null;
  /** Turns compared. */
  units: number;
  /** From 0 to 100. Each statistic is null with the reason when undefined. */
  percent: Statistic;
  kappa: Statistic;
  alpha: Statistic;
  disagreement_count: number;
  /** The first disagreements (at most 500 per code), interview by interview, turn by turn. */
  disagreements: AgreementDisagreementView[];
};

export type AgreementView = {
  coder_a: AgreementCoderView;
  coder_b: AgreementCoderView;
  /** Interviews both coders coded: their turns are the units. */
  interviews: number;
  /** Interviews only one of the two coded, left out. */
  excluded: { interview_id: string; participant_name: string | null; code: string; coded_by: 'A' | 'B' }[];
  codes: CodeAgreementView[];
};

export const agreementChannels = {
  /** The study's coders: the researcher and "AI report" always, then any other coder with segments (offline). */
  'agreement.coders': channel(z.object({ ...ws, project_id: idSchema })).returns<AgreementCoderView[]>(),
  /** Per code, percent agreement, Cohen's κ and Krippendorff's α between two coders over transcript turns (offline). */
  'agreement.compare': channel(z.object({ ...ws, project_id: idSchema, coder_a: coder, coder_b: coder })).returns<AgreementView>(),
};
