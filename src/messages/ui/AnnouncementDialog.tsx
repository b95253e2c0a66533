// An admin's announcement to every user: a title, a Markdown text and an optional link into
// the app (a route such as /classroom/class).
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import GuardedModal from '../../shell/ui/GuardedModal.tsx';
import {
  ANNOUNCEMENT_BODY_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  MESSAGE_LINK_MAX,
  MESSAGE_LINK_PATTERN,
} from '../../contract/messages.ts';
import MarkdownEditor from '../../ui/markdown/MarkdownEditor.tsx';
import TextField from '../../ui/text-field/TextField.tsx';
import { announce } from '../messages-service.ts';

const LINK = new RegExp(MESSAGE_LINK_PATTERN);

export default function AnnouncementDialog({ onHide }: { onHide: () => void }) {
  const { t } = useTranslation('messages');
  const titleId = useId();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [link, setLink] = useState('');
  const [sending, setSending] = useState(false);
  const linkOk = LINK.test(link.trim());
  const canSend = title.trim() !== '' && linkOk && !sending;

  async function send() {
    if (!canSend) return;
    setSending(true);
    const ok = await announce({ title: title.trim(), body, link: link.trim() });
    setSending(false);
    if (ok) onHide();
  }

  return (
    <GuardedModal
      show
      dirty={title !== '' || body !== '' || link !== ''}
      onHide={onHide}
      size="lg"
      aria-labelledby={titleId}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <Modal.Header closeButton closeLabel={t('shell:close')}>
          <Modal.Title id={titleId} as="h2" className="h5">
            {t('announce.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body className="d-grid gap-3">
          <TextField
            label={t('announce.heading')}
            value={title}
            maxLength={ANNOUNCEMENT_TITLE_MAX}
            required
            autoFocus
            onChange={setTitle}
          />
          <MarkdownEditor
            label={t('announce.body')}
            value={body}
            maxLength={ANNOUNCEMENT_BODY_MAX}
            onChange={setBody}
          />
          <TextField
            label={t('announce.link')}
            value={link}
            maxLength={MESSAGE_LINK_MAX}
            placeholder="/classroom/class"
            help={t('announce.linkHelp')}
            error={linkOk ? undefined : t('announce.linkHelp')}
            onChange={setLink}
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onHide}>
            {t('announce.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={!canSend}>
            {t('announce.send')}
          </Button>
        </Modal.Footer>
      </form>
    </GuardedModal>
  );
}
