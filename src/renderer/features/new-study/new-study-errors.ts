import type { UiError } from '../../lib/api';
import { issuesToErrors, type FormErrors, type StudyFormValues } from '../study-form/model';
import type { ExternalFields } from './store';

/** Server-side validation issues carry paths like "questions.0.question"; they map onto the same fields. */
export function serverFieldErrors(e: UiError): FormErrors | null {
  if (e.code !== 'invalid_input') return null;
  const issues = (e.details?.issues as { path: string; message: string }[] | undefined) ?? [];
  return issues.length ? issuesToErrors(issues.map((i) => ({ path: i.path.split('.'), message: i.message }))) : null;
}

/** What the external-guide form needs before the service can generate a study. */
export function externalErrors(ext: ExternalFields, values: StudyFormValues): FormErrors {
  return {
    ...(ext.organisation_id.trim() === '' ? { organisation_id: 'Enter your organisation ID. You find it in your account settings on the service.' } : {}),
    ...(values.title.trim() === '' ? { title: 'Give the study a title.' } : {}),
    ...(values.research_objective.trim() === '' ? { research_objective: 'Describe what you want to learn; the guide is generated from it.' } : {}),
  };
}
