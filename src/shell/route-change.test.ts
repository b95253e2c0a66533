import { afterEach, describe, expect, it } from 'vitest';
import { closeOnRouteChange, markFlowNavigation, routeChanged } from './route-change.ts';

describe('closing dialogs on a route change', () => {
  const unregister: Array<() => void> = [];
  afterEach(() => unregister.splice(0).forEach((u) => u()));

  function dialog() {
    const d = { open: true };
    unregister.push(closeOnRouteChange(() => (d.open = false)));
    return d;
  }

  it('closes every registered dialog when the user goes to another page', () => {
    const a = dialog();
    const b = dialog();
    routeChanged('/classroom/class');
    expect([a.open, b.open]).toEqual([false, false]);
  });

  it("keeps the dialogs of a flow that navigates by itself, once, to the flow's own path", () => {
    const share = dialog();
    markFlowNavigation('/program/k1');
    routeChanged('/program/k1');
    expect(share.open).toBe(true);
    routeChanged('/remix');
    expect(share.open).toBe(false);
  });

  it('closes them when the route that changes is not where the flow was going', () => {
    const d = dialog();
    markFlowNavigation('/program/k1');
    routeChanged('/about');
    expect(d.open).toBe(false);
  });

  it('stops closing a dialog once it unregisters', () => {
    const d = { open: true };
    const stop = closeOnRouteChange(() => (d.open = false));
    stop();
    routeChanged('/x');
    expect(d.open).toBe(true);
  });
});
