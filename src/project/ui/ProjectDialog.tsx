// The new-project dialog (spec core §2, §5): name, header image with a preview, Markdown
// description. Confirm stays disabled while the name is blank or the image URL fails the
// check; cancelling asks first only when the form differs from how it opened.
import './project.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DESC_MAX,
  HEADER_IMAGE_MAX,
  imageSrc,
  isValidUrl,
  PROJECT_NAME_MAX,
} from '../../contract/projects.ts';
import FormModal from '../../shell/ui/FormModal.tsx';
import MetadataFields from '../../ui/metadata-fields/MetadataFields.tsx';
import {
  answerProjectDialog,
  type ProjectDetails,
  type ProjectDialogView,
} from '../project-dialog.ts';

export default function ProjectDialog({ view }: { view: Readonly<ProjectDialogView> }) {
  const { t } = useTranslation('project');
  const [form, setForm] = useState<ProjectDetails>({ ...view.initial });
  const dirty =
    form.name !== view.initial.name ||
    form.headerImage !== view.initial.headerImage ||
    form.desc !== view.initial.desc;
  const urlOk = isValidUrl(form.headerImage);
  const set = (patch: Partial<ProjectDetails>) => setForm((f) => ({ ...f, ...patch }));

  return (
    <FormModal
      title={t(`dialog.title.${view.kind}`)}
      dirty={dirty}
      canConfirm={form.name.trim() !== '' && urlOk}
      confirmLabel={t(`dialog.confirm.${view.kind}`)}
      cancelLabel={t('dialog.cancel')}
      onClose={() => answerProjectDialog(null)}
      onConfirm={() =>
        answerProjectDialog({
          name: form.name.trim(),
          headerImage: form.headerImage.trim(),
          desc: form.desc,
        })
      }
    >
      <MetadataFields
        name={{
          label: t('dialog.name'),
          value: form.name,
          maxLength: PROJECT_NAME_MAX,
          placeholder: t('untitled'),
          onChange: (name) => set({ name }),
        }}
        image={{
          label: t('dialog.headerImage'),
          value: form.headerImage,
          maxLength: HEADER_IMAGE_MAX,
          help: t('dialog.headerImageHelp'),
          error: urlOk ? undefined : t('dialog.invalidUrl'),
          onChange: (headerImage) => set({ headerImage }),
          preview: imageSrc(form.headerImage),
          previewAlt: t('dialog.preview'),
          previewClassName: 'project-image-preview',
        }}
        description={{
          label: t('dialog.description'),
          value: form.desc,
          maxLength: DESC_MAX,
          onChange: (desc) => set({ desc }),
        }}
      />
    </FormModal>
  );
}
