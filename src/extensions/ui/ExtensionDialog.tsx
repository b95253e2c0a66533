// The extension dialog (docs/extensions.md): name, image, short and long description
// (Markdown), the firmware-core link, and the block texts: the toolbox category's name and
// each block's words in every language the extension provides (English required, the rest
// optional). The blocks themselves come from the workspace's procedures and are listed
// here; a workspace that cannot be published says why instead of offering Publish.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import FormModal from '../../shell/ui/FormModal.tsx';
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
import { uploadImage } from '../../ui/upload/image-api.ts';
import { languageByLocale } from '../../i18n/languages.ts';
import MetadataFields from '../../ui/metadata-fields/MetadataFields.tsx';
import TextField from '../../ui/text-field/TextField.tsx';
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
  const categoryId = useId();
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

  return (
    <FormModal
      title={t(`dialog.title.${view.kind}`)}
      dirty={dirty}
      canConfirm={canConfirm}
      confirmLabel={t(`dialog.confirm.${view.kind}`)}
      cancelLabel={t('dialog.cancel')}
      onClose={() => answerExtensionDialog(null)}
      onConfirm={() =>
        answerExtensionDialog({
          ...form,
          name: form.name.trim(),
          imageUrl: form.imageUrl.trim(),
          shortDescription: form.shortDescription.trim(),
          firmwareCore: form.firmwareCore.trim(),
        })
      }
    >
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
      <MetadataFields
        name={{
          label: t('dialog.name'),
          value: form.name,
          maxLength: EXTENSION_NAME_MAX,
          help: t('dialog.nameHelp'),
          onChange: (name) => set({ name }),
        }}
        image={{
          label: t('dialog.imageUrl'),
          labelClassName: 'form-label small mb-1',
          value: form.imageUrl,
          maxLength: EXTENSION_URL_MAX,
          error: imageOk ? undefined : t('dialog.invalidUrl'),
          onChange: (imageUrl) => set({ imageUrl }),
          preview: headerImageSrc(form.imageUrl),
          previewAlt: t('dialog.preview'),
          previewClassName: 'extension-image-preview',
          before: (
            <>
              <span className="form-label mb-0">{t('dialog.image')}</span>
              <Upload
                mode="single"
                label={t('dialog.chooseImage')}
                upload={uploadImage}
                initialUrls={[]}
                onChange={(urls) => set({ imageUrl: urls[0] ?? '' })}
              />
            </>
          ),
        }}
        afterImage={
          <TextField
            label={t('dialog.shortDescription')}
            value={form.shortDescription}
            maxLength={SHORT_DESCRIPTION_MAX}
            onChange={(shortDescription) => set({ shortDescription })}
          />
        }
        description={{
          label: t('dialog.description'),
          value: form.description,
          maxLength: EXTENSION_DESCRIPTION_MAX,
          onChange: (description) => set({ description }),
        }}
      />
      <TextField
        label={t('dialog.firmwareCore')}
        value={form.firmwareCore}
        maxLength={EXTENSION_URL_MAX}
        url
        help={t('dialog.firmwareCoreHelp')}
        error={coreOk ? undefined : t('dialog.invalidUrl')}
        onChange={(firmwareCore) => set({ firmwareCore })}
      />
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
            <label className="form-label small mb-1" htmlFor={categoryId}>
              {t('dialog.category')}
            </label>
            <input
              id={categoryId}
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
    </FormModal>
  );
}
