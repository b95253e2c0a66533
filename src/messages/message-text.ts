// The sentence of a message in the reader's language. Events carry names and numbers
// (params); announcements carry the admin's own title.
import type { TFunction } from 'i18next';
import type { Message } from '../contract/messages.ts';

export function messageTitle(
  t: TFunction,
  m: Pick<Message, 'kind' | 'title' | 'params' | 'from'>,
): string {
  if (m.kind === 'announcement') return m.title;
  return t(`messages:kinds.${m.kind}`, {
    ...m.params,
    from: m.from?.name || t('messages:someone'),
  });
}

export const MESSAGE_ICONS: Record<Message['kind'], string> = {
  announcement: 'megaphone',
  grade: 'award',
  note: 'chat-left-text',
  lesson: 'journal-plus',
  extension_updated: 'boxes',
};
