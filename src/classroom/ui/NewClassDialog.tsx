// The class wizard (spec §4): name (required), then description and header image, then a
// review; the final button creates the class. Closing with typed data asks first; a failed
// create keeps everything typed ('Unable to Save' with the reason).
import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import GuardedModal from '../../shell/ui/GuardedModal.tsx';
import { formatAccessCode, type Class } from '../../contract/classroom.ts';
import Markdown from '../../ui/markdown/Markdown.tsx';
import { useWizard } from '../../ui/wizard/use-wizard.ts';
import Wizard from '../../ui/wizard/Wizard.tsx';
import { classroom } from '../runtime.ts';
import { ClassImage } from './ClassCard.tsx';
import ClassDetailsFields, { ClassNameField } from './ClassDetailsFields.tsx';
import SaveFailed from './SaveFailed.tsx';

export default function NewClassDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('classroom');
  const wizard = useWizard(3);
  const [name, setName] = useState('');
  const [desc, setDesc] = useState('');
  const [headerImage, setHeaderImage] = useState('');
  const [failed, setFailed] = useState(false);
  const [created, setCreated] = useState<Class | null>(null);
  const dirty = !created && (name !== '' || desc !== '' || headerImage !== '');

  const finish = async () => {
    setFailed(false);
    try {
      const klass = await classroom.createClass({ name: name.trim(), desc, headerImage });
      setCreated(klass);
      return true;
    } catch {
      setFailed(true);
      return false;
    }
  };

  const again = () => {
    setName('');
    setDesc('');
    setHeaderImage('');
    setCreated(null);
    wizard.reset();
  };

  return (
    <GuardedModal show dirty={dirty} onHide={onClose} size="lg" aria-labelledby="new-class-title">
      <Modal.Header closeButton>
        <Modal.Title id="new-class-title">{t('newClass.title')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Wizard
          label={t('newClass.title')}
          wizard={wizard}
          finishLabel={t('newClass.create')}
          onFinish={finish}
          steps={[
            {
              id: 'name',
              title: t('newClass.steps.name'),
              valid: name.trim() !== '',
              content: (
                <ClassNameField
                  value={name}
                  onChange={setName}
                  showRequired={wizard.state.attempted}
                  autoFocus
                />
              ),
            },
            {
              id: 'details',
              title: t('newClass.steps.details'),
              valid: true,
              content: (
                <div className="d-flex flex-column gap-3">
                  <ClassDetailsFields
                    desc={desc}
                    onDescChange={setDesc}
                    initialImage={headerImage}
                    onImageChange={setHeaderImage}
                  />
                </div>
              ),
            },
            {
              id: 'review',
              title: t('newClass.steps.review'),
              valid: name.trim() !== '',
              content: (
                <div data-testid="new-class-review">
                  {headerImage && (
                    <ClassImage url={headerImage} className="header-banner classroom-banner mb-2" />
                  )}
                  <h3 className="h5 text-break">{name.trim()}</h3>
                  {desc.trim() ? (
                    <Markdown text={desc} />
                  ) : (
                    <p className="text-body-secondary">{t('newClass.noDescription')}</p>
                  )}
                  {failed && <SaveFailed />}
                </div>
              ),
            },
          ]}
          done={
            created && (
              <div className="text-center py-3" data-testid="new-class-done">
                <p className="h5">{t('newClass.created', { name: created.name })}</p>
                {created.access_code && (
                  <p>
                    {t('accessCode.studentsJoinWith')}{' '}
                    <strong className="font-monospace">
                      {formatAccessCode(created.access_code)}
                    </strong>
                  </p>
                )}
                <div className="d-flex justify-content-center gap-2">
                  <button type="button" className="btn btn-outline-secondary" onClick={again}>
                    {t('newClass.another')}
                  </button>
                  <Link
                    to={`/classroom/classd/${created.uuid}/overview`}
                    className="btn btn-primary"
                    onClick={onClose}
                  >
                    {t('newClass.open')}
                  </Link>
                </div>
              </div>
            )
          }
        />
      </Modal.Body>
    </GuardedModal>
  );
}
