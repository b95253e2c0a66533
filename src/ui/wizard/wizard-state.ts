// The wizard's rules (spec §4): a step advances only when it is valid; Back is disabled on
// the first step; the last step's final action marks the wizard complete; reset returns to
// step 0. `attempted` records a refused advance, so a step shows its field errors only after
// the user tried to go on (core §5: "shown only after validation was triggered").

export interface WizardState {
  step: number;
  count: number;
  completed: boolean;
  /** The user tried to leave the current step while it was invalid. */
  attempted: boolean;
}

export function startWizard(count: number): WizardState {
  return { step: 0, count: Math.max(1, count), completed: false, attempted: false };
}

export const isLastStep = (s: WizardState) => s.step === s.count - 1;
export const canGoBack = (s: WizardState) => s.step > 0 && !s.completed;

export function next(s: WizardState, valid: boolean): WizardState {
  if (s.completed || isLastStep(s)) return s;
  if (!valid) return { ...s, attempted: true };
  return { ...s, step: s.step + 1, attempted: false };
}

export function back(s: WizardState): WizardState {
  return canGoBack(s) ? { ...s, step: s.step - 1, attempted: false } : s;
}

/** Jumps to `target` (a step header): any earlier step, or a later one if all before it are valid. */
export function goTo(
  s: WizardState,
  target: number,
  valid: (step: number) => boolean,
): WizardState {
  if (s.completed || target < 0 || target >= s.count || target === s.step) return s;
  if (target < s.step) return { ...s, step: target, attempted: false };
  for (let i = s.step; i < target; i++) {
    if (!valid(i))
      return i === s.step ? { ...s, attempted: true } : { ...s, step: i, attempted: true };
  }
  return { ...s, step: target, attempted: false };
}

export function complete(s: WizardState, valid: boolean): WizardState {
  if (!isLastStep(s) || s.completed) return s;
  return valid ? { ...s, completed: true, attempted: false } : { ...s, attempted: true };
}

export function reset(s: WizardState): WizardState {
  return startWizard(s.count);
}
