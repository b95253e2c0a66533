// A tiny typed event emitter. Plain callbacks (no DOM EventTarget) so services run the same
// in workers, in Node tests and in the page.
export class Emitter<M extends object> {
  private listeners = new Map<keyof M, Set<(event: never) => void>>();

  on<K extends keyof M>(type: K, listener: (event: M[K]) => void): () => void {
    let set = this.listeners.get(type);
    if (!set) {
      set = new Set();
      this.listeners.set(type, set);
    }
    set.add(listener as (event: never) => void);
    return () => set.delete(listener as (event: never) => void);
  }

  emit<K extends keyof M>(type: K, event: M[K]): void {
    const set = this.listeners.get(type);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        (listener as (event: M[K]) => void)(event);
      } catch (e) {
        // One failing listener must not stop the stream for the others.
        console.error(`device: a "${String(type)}" listener failed`, e);
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}
