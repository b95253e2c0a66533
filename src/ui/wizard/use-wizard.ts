// The wizard's state for its parent (reset, field errors after a refused advance) and the
// layout breakpoint.
import { useState, useSyncExternalStore } from 'react';
import { reset, startWizard, type WizardState } from './wizard-state.ts';

/** At or below this width the steps stack vertically (spec §9). */
const WIZARD_BREAKPOINT_PX = 767;

export interface WizardControl {
  state: WizardState;
  set: (update: (s: WizardState) => WizardState) => void;
  reset: () => void;
}

export function useWizard(count: number): WizardControl {
  const [state, setState] = useState(() => startWizard(count));
  return { state, set: setState, reset: () => setState(reset) };
}

const query = `(max-width: ${WIZARD_BREAKPOINT_PX}px)`;

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  window.addEventListener('resize', onChange);
  return () => {
    list.removeEventListener('change', onChange);
    window.removeEventListener('resize', onChange);
  };
}

/** True at or below the wizard breakpoint. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
