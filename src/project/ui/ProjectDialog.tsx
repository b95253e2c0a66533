// The new-project dialog (spec core §2, §5): name, header image with a preview, Markdown
// description. Confirm stays disabled while the name is blank or the image URL fails the
// check; cancelling asks first only when the form differs from how it opened.
import './project.css';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import {
  DESC_MAX,
  HEADER_IMAGE_MAX,
  imageSrc,
  isValidUrl,
  PROJECT_NAME_MAX,
} from '../../contract/projects.ts';
import GuardedModal from '../../app/modals/GuardedModal.tsx';
import { confirm } from '../../app/modals/confirm.ts';
import {
  answerProjectDialog,
  type ProjectDetails,
  type ProjectDialogView,
} from '../project-dialog.ts';
import MarkdownEditor from '../../ui/markdown/MarkdownEditor.tsx';

export default function ProjectDialog({ view }: { view: Readonly<ProjectDialogView> }) {
  const { t } = useTranslation('project');
  const [form, setForm] = useState<ProjectDetails>({ ...view.initial });
  const ids = { title: useId(), name: useId(), image: useId() };
  const dirty =
    form.name !== view.initial.name ||
    form.headerImage !== view.initial.headerImage ||
    form.desc !== view.initial.desc;
  const urlOk = isValidUrl(form.headerImage);
  const canConfirm = form.name.trim() !== '' && urlOk;
  const preview = imageSrc(form.headerImage);
  const set = (patch: Partial<ProjectDetails>) => setForm((f) => ({ ...f, ...patch }));

  async function cancel() {
    if (!dirty || (await confirm(t('shell:confirm.unsavedData')))) answerProjectDialog(null);
  }

  function submit() {
    if (!canConfirm) return;
    answerProjectDialog({
      name: form.name.trim(),
      headerImage: form.headerImage.trim(),
      desc: form.desc,
    });
  }

  return (
    <GuardedModal
      show
      dirty={dirty}
      onHide={() => answerProjectDialog(null)}
      size="lg"
      aria-labelledby={ids.title}
      backdrop="static"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Modal.Header closeButton closeLabel={t('shell:close')}>
          <Modal.Title id={ids.title} as="h2" className="h5">
            {t(`dialog.title.${view.kind}`)}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body className="d-grid gap-3">
          <div>
            <label className="form-label" htmlFor={ids.name}>
              {t('dialog.name')}
            </label>
            <input
              id={ids.name}
              className="form-control"
              type="text"
              value={form.name}
              maxLength={PROJECT_NAME_MAX}
              required
              autoFocus
              placeholder={t('untitled')}
              onChange={(e) => set({ name: e.target.value })}
            />
          </div>
          <div className="row g-3 align-items-start">
            <div className="col-md">
              <label className="form-label" htmlFor={ids.image}>
                {t('dialog.headerImage')}
              </label>
              <input
                id={ids.image}
                className={`form-control${urlOk ? '' : ' is-invalid'}`}
                type="text"
                inputMode="url"
                value={form.headerImage}
                maxLength={HEADER_IMAGE_MAX}
                placeholder="https://"
                aria-invalid={!urlOk}
                aria-describedby={`${ids.image}-help`}
                onChange={(e) => set({ headerImage: e.target.value })}
              />
              {urlOk ? (
                <div id={`${ids.image}-help`} className="form-text">
                  {t('dialog.headerImageHelp')}
                </div>
              ) : (
                <div id={`${ids.image}-help`} className="invalid-feedback">
                  {t('dialog.invalidUrl')}
                </div>
              )}
            </div>
            {preview && (
              <div className="col-md-auto">
                <img
                  src={preview}
                  alt={t('dialog.preview')}
                  className="img-thumbnail project-image-preview"
                  referrerPolicy="no-referrer"
                />
              </div>
            )}
          </div>
          <MarkdownEditor
            label={t('dialog.description')}
            value={form.desc}
            maxLength={DESC_MAX}
            onChange={(desc) => set({ desc })}
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => void cancel()}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" variant="primary" disabled={!canConfirm}>
            {t(`dialog.confirm.${view.kind}`)}
          </Button>
        </Modal.Footer>
      </form>
    </GuardedModal>
  );
}
