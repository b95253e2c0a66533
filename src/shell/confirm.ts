// Promise-based confirmation dialogs. The service queues questions and exposes the one on
// screen through a Valtio proxy; ConfirmHost renders it. Framework-free, so any module can
// `await confirm(message)`.
import { proxy } from 'valtio';

interface ConfirmView {
  id: number;
  /** Already translated text. */
  message: string;
}

interface Pending extends ConfirmView {
  resolve: (ok: boolean) => void;
}

export class ConfirmService {
  /** The question on screen, if any (read by the UI). */
  readonly state = proxy<{ current: ConfirmView | null }>({ current: null });
  private queue: Pending[] = [];
  private nextId = 1;

  ask(message: string): Promise<boolean> {
    return new Promise((resolve) => {
      this.queue.push({ id: this.nextId++, message, resolve });
      if (this.queue.length === 1) this.show();
    });
  }

  /** Answers the question on screen and shows the next one. */
  answer(ok: boolean): void {
    const head = this.queue.shift();
    if (!head) return;
    head.resolve(ok);
    this.show();
  }

  /** Answers every question "no", the one on screen first (the user left the page). */
  cancelAll(): void {
    while (this.queue.length > 0) this.answer(false);
  }

  private show(): void {
    const head = this.queue[0];
    this.state.current = head ? { id: head.id, message: head.message } : null;
  }
}

export const confirmService = new ConfirmService();

/** Asks the user; resolves true for OK, false for Cancel, Esc or close. */
export function confirm(message: string): Promise<boolean> {
  return confirmService.ask(message);
}
