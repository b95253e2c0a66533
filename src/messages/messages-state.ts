// What the navbar's messages menu reads: the store's shape, built in `runtime.ts` and
// written by `messages-service.ts`.
import type { Message } from '../contract/messages.ts';

export interface MessagesState {
  unread: number;
  items: Message[];
  /** More pages exist beyond `items`. */
  more: boolean;
  loading: boolean;
  failed: boolean;
}
