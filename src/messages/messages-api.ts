// Typed access to the messages service (src/contract/messages.ts); answers are checked.
import { CheckedApi, pathId as id, type Call } from '../api/checked-api.ts';
import {
  Message,
  MessageList,
  UnreadCount,
  type AnnouncementInput,
  type MessageListQuery,
} from '../contract/messages.ts';

export class MessagesApi extends CheckedApi {
  list(query: MessageListQuery, call?: Call) {
    return this.get(MessageList, '/messages', call, { ...query });
  }

  unread(call?: Call) {
    return this.get(UnreadCount, '/messages/unread', call);
  }

  markRead(messageId: string, call?: Call) {
    return this.send(Message, 'put', `/messages/${id(messageId)}/read`, {}, call);
  }

  markAllRead(call?: Call) {
    return this.send(UnreadCount, 'put', '/messages/read-all', {}, call);
  }

  announce(input: AnnouncementInput, call?: Call) {
    return this.send(Message, 'post', '/messages/announce', input, call);
  }
}
