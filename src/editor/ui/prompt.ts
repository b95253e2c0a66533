// Text questions for Blockly (new variable, rename variable): a promise-based service like
// the shell's ConfirmService; PromptHost renders the question on screen.
import { proxy } from 'valtio';

export interface PromptView {
  id: number;
  /** Already translated question. */
  message: string;
  defaultValue: string;
}

interface Pending extends PromptView {
  resolve: (answer: string | null) => void;
}

class PromptService {
  readonly state = proxy<{ current: PromptView | null }>({ current: null });
  private queue: Pending[] = [];
  private nextId = 1;

  ask(message: string, defaultValue = ''): Promise<string | null> {
    return new Promise((resolve) => {
      this.queue.push({ id: this.nextId++, message, defaultValue, resolve });
      if (this.queue.length === 1) this.show();
    });
  }

  /** Answers the question on screen (null = cancelled) and shows the next one. */
  answer(value: string | null): void {
    const head = this.queue.shift();
    if (!head) return;
    head.resolve(value);
    this.show();
  }

  /** Cancels every question, the one on screen first (the user left the page). */
  cancelAll(): void {
    while (this.queue.length > 0) this.answer(null);
  }

  private show(): void {
    const head = this.queue[0];
    this.state.current = head
      ? { id: head.id, message: head.message, defaultValue: head.defaultValue }
      : null;
  }
}

export const promptService = new PromptService();
