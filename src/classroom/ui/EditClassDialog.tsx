// Edits a class's name, description, header image and (moderators) its official flag.
// Closing with changes asks first; a failed save keeps the form ('Unable to Save').
import { useId, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import GuardedModal from '../../shell/ui/GuardedModal.tsx';
import { confirm } from '../../shell/confirm.ts';
import type { Class } from '../../contract/classroom.ts';
import { showToast } from '../../state/ui.ts';
import { classCache, classroom } from '../runtime.ts';
import ClassDetailsFields, { ClassNameField } from './ClassDetailsFields.tsx';
import SaveFailed from './SaveFailed.tsx';

export default function EditClassDialog({ klass, onClose }: { klass: Class; onClose: () => void }) {
  const { t } = useTranslation('classroom');
  const officialId = useId();
  const [name, setName] = useState(klass.name);
  const [desc, setDesc] = useState(klass.desc);
  const [headerImage, setHeaderImage] = useState(klass.headerImage);
  const [official, setOfficial] = useState(klass.official);
  const [tried, setTried] = useState(false);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const dirty =
    name !== klass.name ||
    desc !== klass.desc ||
    headerImage !== klass.headerImage ||
    official !== klass.official;

  const save = async () => {
    setTried(true);
    if (!name.trim()) return;
    setBusy(true);
    setFailed(false);
    try {
      const updated = await classroom.updateClass(klass.uuid, {
        name: name.trim(),
        desc,
        headerImage,
        ...(klass.permissions.setOfficial ? { official } : {}),
      });
      classCache.put(updated);
      showToast('success', t('saved'));
      onClose();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  const cancel = async () => {
    if (!dirty || (await confirm(t('shell:confirm.unsavedData')))) onClose();
  };

  return (
    <GuardedModal show dirty={dirty} onHide={onClose} size="lg" aria-labelledby="edit-class-title">
      <Modal.Header closeButton>
        <Modal.Title id="edit-class-title">{t('detail.editTitle')}</Modal.Title>
      </Modal.Header>
      <Modal.Body className="d-flex flex-column gap-3">
        <ClassNameField value={name} onChange={setName} showRequired={tried} />
        <ClassDetailsFields
          desc={desc}
          onDescChange={setDesc}
          initialImage={klass.headerImage}
          onImageChange={setHeaderImage}
        />
        {klass.permissions.setOfficial && (
          <div className="form-check">
            <input
              id={officialId}
              type="checkbox"
              className="form-check-input"
              checked={official}
              onChange={(e) => setOfficial(e.target.checked)}
            />
            <label className="form-check-label" htmlFor={officialId}>
              {t('fields.official')}
            </label>
          </div>
        )}
        {failed && <SaveFailed />}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={() => void cancel()}>
          {t('cancel')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy}
          onClick={() => void save()}
        >
          {t('save')}
        </button>
      </Modal.Footer>
    </GuardedModal>
  );
}
