/**
 * The profile-completion wizard's rules (spec §4 Profile wizard, §5 Wizard): steps salutation,
 * first name, last name, email, telephone, birthday — only those in the server's question field
 * list; completed steps first; the current step is the first incomplete one; the progress is the
 * share of steps with a value, the telephone and the email counting only when their verification
 * is off or done (issue 19: the email like the telephone).
 */
import {
  type Account,
  type FieldDefinition,
  isBlank,
  parseBirthDate,
  WIZARD_STEPS,
  type WizardStep,
} from '@account/contract';

export interface StepState {
  name: WizardStep;
  complete: boolean;
}

export interface WizardState {
  steps: StepState[];
  /** The step to answer now, or null when the profile is complete. */
  current: StepState | null;
  percent: number;
}

function hasValue(account: Account, step: WizardStep): boolean {
  switch (step) {
    case 'Gender':
      return account.gender === 1 || account.gender === 2;
    case 'FirstName':
      return !isBlank(account.firstName);
    case 'LastName':
      return !isBlank(account.lastName);
    case 'Email':
      return !isBlank(account.email);
    case 'Telephone':
      return !isBlank(account.telephone);
    case 'BirthDate':
      return Boolean(account.birthDate);
  }
}

function verified(account: Account, step: WizardStep, verification: { telephone: boolean; email: boolean }) {
  if (step === 'Telephone') return !verification.telephone || account.isTelephoneVerified;
  if (step === 'Email') return !verification.email || account.isEmailVerified;
  return true;
}

export function wizardState(
  account: Account,
  questionFields: readonly FieldDefinition[],
  /** Which values count only once verified (the shop's features, and email only when it can send). */
  verification: { telephone: boolean; email: boolean },
  /** Steps the shopper put off with 'Next question', in the order skipped. */
  skipped: readonly WizardStep[] = [],
): WizardState {
  const asked = new Set(questionFields.map((f) => f.orderField));
  const steps = WIZARD_STEPS.filter((name) => asked.has(name)).map((name) => ({
    name,
    complete: hasValue(account, name) && verified(account, name, verification),
  }));
  const ordered = [...steps.filter((s) => s.complete), ...steps.filter((s) => !s.complete)];
  const open = ordered.filter((s) => !s.complete);
  // 'Next question' moves a step to the back of the queue; the rest keep their order.
  const queue = [
    ...open.filter((s) => !skipped.includes(s.name)),
    ...skipped.flatMap((n) => open.filter((s) => s.name === n)),
  ];
  const complete = steps.filter((s) => s.complete).length;
  return {
    steps: ordered,
    current: queue[0] ?? null,
    percent: steps.length === 0 ? 100 : Math.round((complete / steps.length) * 100),
  };
}

/** §5 Wizard: what a step's answer needs before it is saved. */
export function stepProblem(step: WizardStep, value: string): string | null {
  switch (step) {
    case 'Gender':
      return value === '1' || value === '2' ? null : 'ac_GenderInvalidMessage';
    case 'Telephone':
      return value.trim().length > 3 ? null : 'ac_TelephoneRequiredMessage';
    case 'BirthDate':
      if (!value) return 'ac_BirthDateRequiredMessage';
      return parseBirthDate(value) ? null : 'ac_BirthDateInvalidMessage';
    case 'Email':
      return isBlank(value) ? 'ac_EmailRequiredMessage' : null;
    default:
      return isBlank(value) ? `ac_${step}RequiredMessage` : null;
  }
}
