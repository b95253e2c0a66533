import { describe, expect, it } from 'vitest';
import { StateHolder } from './state-holder.ts';

describe('StateHolder', () => {
  it('tells each listener every new state, in order, until it unsubscribes', () => {
    const holder = new StateHolder({ count: 0, name: 'a' });
    const heard: number[] = [];
    const off = holder.subscribe((s) => heard.push(s.count));
    holder.patch({ count: 1 });
    holder.set({ count: 2, name: 'b' });
    off();
    holder.patch({ count: 3 });
    expect(heard).toEqual([1, 2]);
    expect(holder.get()).toEqual({ count: 3, name: 'b' });
  });

  it('hears the state at once when asked', () => {
    const holder = new StateHolder<readonly string[]>(['x']);
    const heard: (readonly string[])[] = [];
    holder.subscribe((s) => heard.push(s), { now: true });
    holder.set(['x', 'y']);
    expect(heard).toEqual([['x'], ['x', 'y']]);
  });

  it('a patch makes a new object and keeps the fields it does not name', () => {
    const holder = new StateHolder({ a: 1, b: 2 });
    const before = holder.get();
    const after = holder.patch({ b: 3 });
    expect(after).toEqual({ a: 1, b: 3 });
    expect(after).not.toBe(before);
    expect(before).toEqual({ a: 1, b: 2 });
  });

  it('a listener that unsubscribes while being told does not stop the others', () => {
    const holder = new StateHolder(0);
    const heard: string[] = [];
    const off = holder.subscribe(() => {
      heard.push('first');
      off();
    });
    holder.subscribe(() => heard.push('second'));
    holder.set(1);
    holder.set(2);
    expect(heard).toEqual(['first', 'second', 'second']);
  });
});
