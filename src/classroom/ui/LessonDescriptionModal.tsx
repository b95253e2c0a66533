// The lesson description modal (spec core §2): the lab's name and its Markdown description.
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import Markdown from '../../ui/markdown/Markdown.tsx';

export default function LessonDescriptionModal({
  name,
  desc,
  onClose,
}: {
  name: string;
  desc: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('classroom');
  return (
    <Modal show onHide={onClose} size="lg" scrollable aria-labelledby="lesson-description-title">
      <Modal.Header closeButton>
        <Modal.Title id="lesson-description-title" className="text-break">
          {name}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {desc.trim() ? (
          <Markdown text={desc} />
        ) : (
          <p className="text-body-secondary mb-0">{t('lesson.noDescription')}</p>
        )}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {t('close')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
