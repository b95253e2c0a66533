import { useTranslation } from 'react-i18next';
import { CLASS_DESC_MAX, CLASS_NAME_MAX } from '../../contract/classroom.ts';
import MarkdownEditor from '../../ui/markdown/MarkdownEditor.tsx';
import Upload from '../../ui/upload/Upload.tsx';
import { classroom } from '../runtime.ts';
import TextField from '../../ui/text-field/TextField.tsx';

const uploadImage = async (file: File, onProgress: (f: number) => void, signal: AbortSignal) =>
  (await classroom.uploadImage(file, onProgress, signal)).url;

/** A class's name, required, as the new-class wizard and the edit dialog ask. */
export function ClassNameField(props: {
  value: string;
  onChange: (name: string) => void;
  showRequired: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('classroom');
  return <TextField label={t('fields.className')} maxLength={CLASS_NAME_MAX} required {...props} />;
}

/** A class's description and header image, as the new-class wizard and the edit dialog ask. */
export default function ClassDetailsFields(props: {
  desc: string;
  onDescChange: (desc: string) => void;
  /** The image the upload starts from ('' for none). */
  initialImage: string;
  onImageChange: (url: string) => void;
}) {
  const { t } = useTranslation('classroom');
  return (
    <>
      <MarkdownEditor
        label={t('fields.description')}
        value={props.desc}
        maxLength={CLASS_DESC_MAX}
        onChange={props.onDescChange}
      />
      <div>
        <span className="form-label d-block">{t('fields.headerImage')}</span>
        <Upload
          mode="single"
          label={t('upload.chooseImage')}
          upload={uploadImage}
          initialUrls={props.initialImage ? [props.initialImage] : []}
          onChange={(urls) => props.onImageChange(urls[0] ?? '')}
        />
      </div>
    </>
  );
}
