import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
import { useWizard } from './use-wizard.ts';
import Wizard from './Wizard.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  cleanup();
  window.happyDOM?.setInnerWidth(1024);
});

declare global {
  interface Window {
    happyDOM?: { setInnerWidth(width: number): void };
  }
}

/** A three-step form: a name (required), a description (optional), a review step. */
function ClassWizard({ finish }: { finish: () => Promise<boolean> }) {
  const wizard = useWizard(3);
  const [name, setName] = useState('');
  return (
    <>
      <Wizard
        label="New class"
        wizard={wizard}
        finishLabel="Create class"
        onFinish={finish}
        done={<p>Class created</p>}
        steps={[
          {
            id: 'name',
            title: 'Name',
            valid: name.trim() !== '',
            content: (
              <>
                <label htmlFor="n">Class name</label>
                <input id="n" value={name} onChange={(e) => setName(e.target.value)} />
                {wizard.state.attempted && !name.trim() && <p>The Name field is required</p>}
              </>
            ),
          },
          { id: 'desc', title: 'Description', valid: true, content: <p>Describe it</p> },
          { id: 'review', title: 'Review', valid: true, content: <p>Review {name}</p> },
        ]}
      />
      <button type="button" onClick={wizard.reset}>
        Start again
      </button>
    </>
  );
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const currentStep = () =>
  document.querySelector('[aria-current="step"] .wizard-step-title')?.textContent;

describe('Wizard', () => {
  it('disables Back on the first step', () => {
    render(<ClassWizard finish={() => Promise.resolve(true)} />);
    expect(currentStep()).toBe('Name');
    expect(button('Back').disabled).toBe(true);
  });

  it('does not advance while the step is invalid, and shows why only after trying', () => {
    render(<ClassWizard finish={() => Promise.resolve(true)} />);
    expect(screen.queryByText('The Name field is required')).toBeNull();
    fireEvent.click(button('Next'));
    expect(currentStep()).toBe('Name');
    expect(screen.getByText('The Name field is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Class name'), { target: { value: 'Robotics 7A' } });
    fireEvent.click(button('Next'));
    expect(currentStep()).toBe('Description');
    expect(button('Back').disabled).toBe(false);
  });

  it('cannot skip ahead from a step header past an invalid step', () => {
    render(<ClassWizard finish={() => Promise.resolve(true)} />);
    fireEvent.click(screen.getByRole('button', { name: /Review/ }));
    expect(currentStep()).toBe('Name');
  });

  it('shows the final button on the last step and completes when the finish succeeds', async () => {
    let calls = 0;
    render(
      <ClassWizard
        finish={() => {
          calls++;
          return Promise.resolve(calls > 1);
        }}
      />,
    );
    fireEvent.change(screen.getByLabelText('Class name'), { target: { value: 'Robotics 7A' } });
    fireEvent.click(button('Next'));
    fireEvent.click(button('Next'));
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    await act(async () => {
      fireEvent.click(button('Create class'));
    });
    // The first finish failed: still on the last step, nothing lost.
    expect(currentStep()).toBe('Review');
    expect(screen.getByText('Review Robotics 7A')).toBeTruthy();
    await act(async () => {
      fireEvent.click(button('Create class'));
    });
    expect(screen.getByRole('status').textContent).toBe('Class created');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('resets to step 0', async () => {
    render(<ClassWizard finish={() => Promise.resolve(true)} />);
    fireEvent.change(screen.getByLabelText('Class name'), { target: { value: 'Robotics' } });
    fireEvent.click(button('Next'));
    fireEvent.click(button('Next'));
    await act(async () => {
      fireEvent.click(button('Create class'));
    });
    fireEvent.click(button('Start again'));
    expect(currentStep()).toBe('Name');
    expect(button('Back').disabled).toBe(true);
  });

  it('lays the steps out horizontally above 767 px and vertically at 767 px or below', () => {
    window.happyDOM?.setInnerWidth(768);
    render(<ClassWizard finish={() => Promise.resolve(true)} />);
    expect(screen.getByTestId('wizard').dataset.layout).toBe('horizontal');
    act(() => window.happyDOM?.setInnerWidth(767));
    expect(screen.getByTestId('wizard').dataset.layout).toBe('vertical');
  });
});
