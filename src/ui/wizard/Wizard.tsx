// A step-by-step form (spec §2, §4): numbered step headers, one step's fields at a time,
// Back (disabled on step 0), Next (refused while the step is invalid) and on the last step
// a final button that marks the wizard complete once `onFinish` succeeds. Horizontal above
// 767 px, vertical at or below. The parent owns the fields; `useWizard` gives it the state
// (to reset to step 0 or to show field errors after a refused advance).
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { back, canGoBack, complete, goTo, isLastStep, next } from './wizard-state.ts';
import { useNarrowScreen, type WizardControl } from './use-wizard.ts';
import Spinner from '../busy/Spinner.tsx';
import './wizard.css';

interface WizardStep {
  id: string;
  title: string;
  content: ReactNode;
  valid: boolean;
}

interface WizardProps {
  wizard: WizardControl;
  steps: WizardStep[];
  /** The final button's text (e.g. "Create class"). */
  finishLabel: string;
  /** Runs on the final button; the wizard completes when it answers true. */
  onFinish: () => Promise<boolean>;
  /** Shown instead of the steps once complete. */
  done?: ReactNode;
  label: string;
}

export default function Wizard({ wizard, steps, finishLabel, onFinish, done, label }: WizardProps) {
  const { t } = useTranslation('ui');
  const vertical = useNarrowScreen();
  const [busy, setBusy] = useState(false);
  const { state } = wizard;
  const step = steps[state.step];
  const valid = (i: number) => steps[i]?.valid ?? false;

  const finish = async () => {
    if (!step?.valid) {
      wizard.set((s) => complete(s, false));
      return;
    }
    setBusy(true);
    try {
      if (await onFinish()) wizard.set((s) => complete(s, true));
    } catch {
      // onFinish reported its failure; the user may try again.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      className={`wizard ${vertical ? 'wizard-vertical' : 'wizard-horizontal'}`}
      data-testid="wizard"
      data-layout={vertical ? 'vertical' : 'horizontal'}
      role="group"
      aria-label={label}
    >
      <ol className="wizard-steps">
        {steps.map((s, i) => {
          const status =
            state.completed || i < state.step ? 'done' : i === state.step ? 'current' : 'todo';
          return (
            <li key={s.id} className={`wizard-step wizard-step-${status}`}>
              <button
                type="button"
                className="wizard-step-button"
                aria-current={i === state.step && !state.completed ? 'step' : undefined}
                disabled={busy || state.completed}
                onClick={() => wizard.set((w) => goTo(w, i, valid))}
              >
                <span className="wizard-step-number" aria-hidden="true">
                  {status === 'done' ? <i className="bi bi-check-lg" /> : i + 1}
                </span>
                <span className="wizard-step-title">{s.title}</span>
                <span className="visually-hidden">{t(`wizard.status.${status}`)}</span>
              </button>
              {vertical && i === state.step && !state.completed && (
                <div className="wizard-body">{s.content}</div>
              )}
            </li>
          );
        })}
      </ol>
      {state.completed ? (
        <div className="wizard-done" role="status">
          {done}
        </div>
      ) : (
        <>
          {!vertical && <div className="wizard-body">{step?.content}</div>}
          <div className="wizard-actions d-flex gap-2 justify-content-between">
            <button
              type="button"
              className="btn btn-outline-secondary"
              disabled={!canGoBack(state) || busy}
              onClick={() => wizard.set(back)}
            >
              {t('wizard.back')}
            </button>
            {isLastStep(state) ? (
              <button
                type="button"
                className="btn btn-primary"
                disabled={busy}
                onClick={() => void finish()}
              >
                {busy && <Spinner className="me-2" />}
                {finishLabel}
              </button>
            ) : (
              <button
                type="button"
                className="btn btn-primary"
                disabled={busy}
                onClick={() => wizard.set((s) => next(s, step?.valid ?? false))}
              >
                {t('wizard.next')}
              </button>
            )}
          </div>
        </>
      )}
    </div>
  );
}
