// Adds a lesson to several of the caller's classes at once (the lesson panel): a
// multi-select of the classes they own or co-teach.
import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../state/ui.ts';
import { apiErrorText } from '../../ui/error-text.ts';
import MultiSelect from '../../ui/multi-select/MultiSelect.tsx';
import { listUrls } from '../classroom-api.ts';
import { classroom } from '../runtime.ts';
import { Problem } from './ClassroomShell.tsx';
import Loading from '../../ui/busy/Loading.tsx';
import { useLoad } from './use-load.ts';

export default function AddToClassesDialog({
  lesson,
  onClose,
}: {
  lesson: { uuid: string; name: string };
  onClose: () => void;
}) {
  const { t } = useTranslation('classroom');
  const [chosen, setChosen] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const classes = useLoad(async (signal) => {
    const params = { page: 1, per_page: 100, sort: 'name|asc' };
    const lists = await Promise.all(
      (['my', 'other'] as const).map((type) =>
        classroom.classList(listUrls.classes(type), params, { signal, quiet: true }),
      ),
    );
    return lists.flatMap((l) => l.data).filter((c) => c.permissions.edit);
  }, 'teaching');

  const add = async () => {
    setTried(true);
    if (chosen.length === 0) return;
    setBusy(true);
    const names = new Map((classes.data ?? []).map((c) => [c.uuid, c.name]));
    const results = await Promise.allSettled(
      chosen.map((uuid) => classroom.addLessons(uuid, [lesson.uuid])),
    );
    setBusy(false);
    const done = chosen.filter((_, i) => results[i]?.status === 'fulfilled');
    if (done.length > 0) {
      showToast(
        'success',
        t('panel.added', { name: lesson.name, classes: done.map((u) => names.get(u)).join(', ') }),
      );
    }
    if (done.length === chosen.length) onClose();
    else setChosen(chosen.filter((u) => !done.includes(u)));
  };

  return (
    <Modal show onHide={onClose} aria-labelledby="add-to-classes-title">
      <Modal.Header closeButton>
        <Modal.Title id="add-to-classes-title">
          {t('panel.addTitle', { name: lesson.name })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {classes.error ? (
          <Problem
            title={t('cannotLoad')}
            detail={apiErrorText(classes.error)}
            onRetry={classes.reload}
          />
        ) : !classes.data ? (
          <Loading />
        ) : classes.data.length === 0 ? (
          <p className="text-body-secondary mb-0">{t('panel.noClasses')}</p>
        ) : (
          <MultiSelect
            label={t('fields.classes')}
            options={classes.data.map((c) => ({ value: c.uuid, label: c.name }))}
            selected={chosen}
            onChange={setChosen}
            requiredError={
              tried && chosen.length === 0
                ? t('ui:textField.required', { name: t('fields.classes') })
                : null
            }
          />
        )}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
          {t('cancel')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy || !classes.data?.length}
          onClick={() => void add()}
        >
          {t('panel.addButton')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
