import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Tooltip, { TOOLTIP_DELAY_MS } from './Tooltip.tsx';
import { placeTooltip, VIEWPORT_MARGIN } from './tooltip-position.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderButton(onFocus?: () => void) {
  render(
    <Tooltip text="Save project">
      <button type="button" aria-label="Save project" aria-describedby="help" onFocus={onFocus}>
        <i className="bi bi-floppy" aria-hidden="true" />
      </button>
    </Tooltip>,
  );
  return screen.getByRole('button', { name: 'Save project' });
}

describe('Tooltip', () => {
  it('shows 50 ms after the pointer rests on the control, and hides when it leaves', () => {
    const button = renderButton();
    fireEvent.pointerEnter(button);
    act(() => {
      vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 1);
    });
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    const tip = screen.getByRole('tooltip');
    expect(tip.textContent).toBe('Save project');
    expect(button.getAttribute('aria-describedby')).toBe(`help ${tip.id}`);
    fireEvent.pointerLeave(button);
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(button.getAttribute('aria-describedby')).toBe('help');
  });

  it('does not show when the pointer leaves before the delay', () => {
    const button = renderButton();
    fireEvent.pointerEnter(button);
    fireEvent.pointerLeave(button);
    act(() => {
      vi.advanceTimersByTime(TOOLTIP_DELAY_MS * 2);
    });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows at once on keyboard focus, keeps the control its name and own handlers, hides on blur', () => {
    let focused = 0;
    const button = renderButton(() => focused++);
    act(() => button.focus());
    expect(focused).toBe(1);
    expect(screen.getByRole('tooltip').textContent).toBe('Save project');
    expect(screen.getByRole('button', { name: 'Save project' })).toBe(button);
    act(() => button.blur());
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('renders its control once when it appears', () => {
    let renders = 0;
    function Counted(props: ComponentProps<'button'>) {
      renders += 1;
      return (
        <button type="button" {...props} aria-label="Open">
          o
        </button>
      );
    }
    render(
      <Tooltip text="Open a project">
        <Counted />
      </Tooltip>,
    );
    expect(renders).toBe(1);
    // The tooltip still finds its control to place itself beside it.
    act(() => screen.getByRole('button', { name: 'Open' }).focus());
    expect(screen.getByRole('tooltip').textContent).toBe('Open a project');
  });

  it('hides on Escape', () => {
    const button = renderButton();
    act(() => button.focus());
    expect(screen.getByRole('tooltip')).toBeTruthy();
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(button.getAttribute('aria-describedby')).toBe('help');
  });
});

describe('placeTooltip', () => {
  const viewport = { width: 390, height: 844 };
  const tip = { width: 120, height: 24 };

  it('centres the tooltip above its trigger', () => {
    const p = placeTooltip({ left: 100, top: 300, width: 40, height: 30 }, tip, viewport);
    expect(p).toEqual({ side: 'top', left: 60, top: 300 - 6 - 24 });
  });

  it('goes below a trigger at the top of the viewport', () => {
    const p = placeTooltip({ left: 100, top: 2, width: 40, height: 30 }, tip, viewport);
    expect(p.side).toBe('bottom');
    expect(p.top).toBe(2 + 30 + 6);
  });

  it('stays inside the viewport beside its left and right edges', () => {
    const left = placeTooltip({ left: 0, top: 300, width: 30, height: 30 }, tip, viewport);
    expect(left.left).toBe(VIEWPORT_MARGIN);
    const right = placeTooltip({ left: 370, top: 300, width: 20, height: 30 }, tip, viewport);
    expect(right.left + tip.width).toBe(viewport.width - VIEWPORT_MARGIN);
  });
});
