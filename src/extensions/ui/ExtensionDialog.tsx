// The extension dialog (docs/extensions.md): name, image, short and long description
// (Markdown), the firmware-core link, and the block texts: the toolbox category's name and
// each block's words in every language the extension provides (English required, the rest
// optional). The blocks themselves come from the workspace's procedures and are listed
// here; a workspace that cannot be published says why instead of offering Publish.
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import GuardedModal from '../../app/modals/GuardedModal.tsx';
import { confirm } from '../../app/modals/confirm.ts';
import {
  BLOCK_LABEL_MAX,
  CATEGORY_LABEL_MAX,
  EXTENSION_DESCRIPTION_MAX,
  EXTENSION_LOCALES,
  EXTENSION_NAME_MAX,
  EXTENSION_URL_MAX,
  SHORT_DESCRIPTION_MAX,
  type ExtensionLocale,
  type LibraryTexts,
} from '../../contract/extensions.ts';
import { headerImageSrc, isValidHeaderImage } from '../../contract/classroom.ts';
import { isValidUrl } from '../../contract/projects.ts';
import Upload from '../../ui/upload/Upload.tsx';
import { uploadImage } from '../upload-image.ts';
import { languageByLocale } from '../../i18n/languages.ts';
import MarkdownEditor from '../../ui/markdown/MarkdownEditor.tsx';
import {
  answerExtensionDialog,
  type ExtensionDetails,
  type ExtensionDialogView,
} from '../extension-dialog.ts';

type Texts = Partial<Record<ExtensionLocale, LibraryTexts>>;

function sameDetails(a: ExtensionDetails, b: ExtensionDetails): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export default function ExtensionDialog({ view }: { view: Readonly<ExtensionDialogView> }) {
  const { t } = useTranslation('extensions');
  // A plain copy: the view is a read-only store snapshot.
  const [form, setForm] = useState<ExtensionDetails>(
    () => JSON.parse(JSON.stringify(view.initial)) as ExtensionDetails,
  );
  const [locale, setLocale] = useState<ExtensionLocale>('en');
  const ids = {
    title: useId(),
    name: useId(),
    image: useId(),
    short: useId(),
    core: useId(),
    category: useId(),
  };
  const dirty = !sameDetails(form, view.initial as ExtensionDetails);
  const imageOk = isValidHeaderImage(form.imageUrl);
  const coreOk = isValidUrl(form.firmwareCore);
  const texts = form.texts as Texts;
  const current = texts[locale];
  const englishCategory = texts.en?.category.trim() ?? '';
  const canConfirm =
    form.name.trim() !== '' &&
    imageOk &&
    coreOk &&
    englishCategory !== '' &&
    view.issues.length === 0;
  const preview = headerImageSrc(form.imageUrl);
  const set = (patch: Partial<ExtensionDetails>) => setForm((f) => ({ ...f, ...patch }));

  function setText(patch: { category?: string; block?: [string, string] }) {
    setForm((f) => {
      const all = { ...(f.texts as Texts) };
      const before = all[locale] ?? { category: '', blocks: {} };
      const next: LibraryTexts = {
        category: patch.category ?? before.category,
        blocks: { ...before.blocks },
      };
      if (patch.block) next.blocks[patch.block[0]] = patch.block[1];
      all[locale] = next;
      return { ...f, texts: all };
    });
  }

  async function cancel() {
    if (!dirty || (await confirm(t('shell:confirm.unsavedData')))) answerExtensionDialog(null);
  }

  function submit() {
    if (!canConfirm) return;
    answerExtensionDialog({
      ...form,
      name: form.name.trim(),
      imageUrl: form.imageUrl.trim(),
      shortDescription: form.shortDescription.trim(),
      firmwareCore: form.firmwareCore.trim(),
    });
  }

  return (
    <GuardedModal
      show
      dirty={dirty}
      onHide={() => answerExtensionDialog(null)}
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
          {view.issues.length > 0 && (
            <div className="alert alert-warning mb-0" role="alert" data-testid="extension-issues">
              <p className="fw-semibold mb-1">{t('dialog.cannotPublish')}</p>
              <ul className="mb-0">
                {view.issues.map((issue, i) => (
                  <li key={i}>{t(`issues.${issue.kind}`, issue)}</li>
                ))}
              </ul>
            </div>
          )}
          <div>
            <label className="form-label" htmlFor={ids.name}>
              {t('dialog.name')}
            </label>
            <input
              id={ids.name}
              className="form-control"
              type="text"
              value={form.name}
              maxLength={EXTENSION_NAME_MAX}
              required
              autoFocus
              onChange={(e) => set({ name: e.target.value })}
            />
            <div className="form-text">{t('dialog.nameHelp')}</div>
          </div>
          <div className="row g-3 align-items-start">
            <div className="col-md d-grid gap-2">
              <span className="form-label mb-0">{t('dialog.image')}</span>
              <Upload
                mode="single"
                label={t('dialog.chooseImage')}
                upload={uploadImage}
                initialUrls={[]}
                onChange={(urls) => set({ imageUrl: urls[0] ?? '' })}
              />
              <label className="form-label small mb-0" htmlFor={ids.image}>
                {t('dialog.imageUrl')}
              </label>
              <input
                id={ids.image}
                className={`form-control${imageOk ? '' : ' is-invalid'}`}
                type="text"
                inputMode="url"
                value={form.imageUrl}
                maxLength={EXTENSION_URL_MAX}
                placeholder="https://"
                aria-invalid={!imageOk}
                onChange={(e) => set({ imageUrl: e.target.value })}
              />
              {!imageOk && <div className="invalid-feedback">{t('dialog.invalidUrl')}</div>}
            </div>
            {preview && (
              <div className="col-md-auto">
                <img
                  src={preview}
                  alt={t('dialog.preview')}
                  className="img-thumbnail extension-image-preview"
                  referrerPolicy="no-referrer"
                />
              </div>
            )}
          </div>
          <div>
            <label className="form-label" htmlFor={ids.short}>
              {t('dialog.shortDescription')}
            </label>
            <input
              id={ids.short}
              className="form-control"
              type="text"
              value={form.shortDescription}
              maxLength={SHORT_DESCRIPTION_MAX}
              onChange={(e) => set({ shortDescription: e.target.value })}
            />
          </div>
          <MarkdownEditor
            label={t('dialog.description')}
            value={form.description}
            maxLength={EXTENSION_DESCRIPTION_MAX}
            onChange={(description) => set({ description })}
          />
          <div>
            <label className="form-label" htmlFor={ids.core}>
              {t('dialog.firmwareCore')}
            </label>
            <input
              id={ids.core}
              className={`form-control${coreOk ? '' : ' is-invalid'}`}
              type="text"
              inputMode="url"
              value={form.firmwareCore}
              maxLength={EXTENSION_URL_MAX}
              placeholder="https://"
              aria-invalid={!coreOk}
              onChange={(e) => set({ firmwareCore: e.target.value })}
            />
            {coreOk ? (
              <div className="form-text">{t('dialog.firmwareCoreHelp')}</div>
            ) : (
              <div className="invalid-feedback">{t('dialog.invalidUrl')}</div>
            )}
          </div>
          <fieldset>
            <legend className="h6">{t('dialog.blocks')}</legend>
            <p className="form-text mt-0">{t('dialog.blocksHelp')}</p>
            <ul className="nav nav-tabs mb-2" role="tablist">
              {EXTENSION_LOCALES.map((l) => (
                <li className="nav-item" key={l} role="presentation">
                  <button
                    type="button"
                    role="tab"
                    aria-selected={locale === l}
                    className={`nav-link${locale === l ? ' active' : ''}`}
                    onClick={() => setLocale(l)}
                  >
                    {languageByLocale(l)?.nativeName ?? l}
                    {l === 'en' && <span aria-hidden="true"> *</span>}
                  </button>
                </li>
              ))}
            </ul>
            <div className="d-grid gap-2" role="tabpanel">
              <div>
                <label className="form-label small mb-1" htmlFor={ids.category}>
                  {t('dialog.category')}
                </label>
                <input
                  id={ids.category}
                  className="form-control form-control-sm"
                  type="text"
                  lang={locale}
                  value={current?.category ?? ''}
                  maxLength={CATEGORY_LABEL_MAX}
                  required={locale === 'en'}
                  placeholder={locale === 'en' ? form.name : texts.en?.category}
                  onChange={(e) => setText({ category: e.target.value })}
                />
              </div>
              {view.procedures.map((p) => (
                <div key={p.name} className="row g-2 align-items-center">
                  <label className="col-sm-5 col-form-label col-form-label-sm text-truncate">
                    <i
                      className={`bi bi-${p.output ? 'circle' : 'puzzle'} me-1`}
                      aria-label={t(p.output ? 'block.reporter' : 'block.command')}
                    />
                    <code>{[p.name, ...p.params].join(' ')}</code>
                  </label>
                  <div className="col-sm-7">
                    <input
                      className="form-control form-control-sm"
                      type="text"
                      lang={locale}
                      aria-label={t('dialog.blockLabel', { procedure: p.name })}
                      value={current?.blocks[p.name] ?? ''}
                      maxLength={BLOCK_LABEL_MAX}
                      placeholder={texts.en?.blocks[p.name] ?? p.label}
                      onChange={(e) => setText({ block: [p.name, e.target.value] })}
                    />
                  </div>
                </div>
              ))}
            </div>
          </fieldset>
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
