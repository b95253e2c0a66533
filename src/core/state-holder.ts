// One immutable state and the listeners that hear each new one: the subscribe/snapshot/set
// that every framework-free service shares, so its one Valtio (or React) adapter reads the
// same shape everywhere. Plain callbacks, so it runs the same in workers, Node and the page.
export class StateHolder<T> {
  private value: T;
  private readonly listeners = new Set<(state: T) => void>();

  constructor(initial: T) {
    this.value = initial;
  }

  /** The state now (the same object until the next change). */
  get(): T {
    return this.value;
  }

  /**
   * Calls `listener` with every new state (and at once with this one when `now`); returns
   * the unsubscribe.
   */
  subscribe(listener: (state: T) => void, options: { now?: boolean } = {}): () => void {
    this.listeners.add(listener);
    if (options.now) listener(this.value);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Replaces the state and tells every listener. */
  set(next: T): T {
    this.value = next;
    for (const listener of [...this.listeners]) listener(next);
    return next;
  }

  /** Replaces the fields in `change` (a new object) and tells every listener. */
  patch(this: StateHolder<T & object>, change: Partial<T>): T {
    return this.set({ ...this.value, ...change });
  }
}
