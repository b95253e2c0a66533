// The fields that describe a published thing (a project, an extension): its name, a header
// image given by URL with a preview (another host's after a click, as everywhere; an upload
// control may come first), and a Markdown description. `afterImage` holds fields of the
// caller's own between image and description.
import type { ReactNode } from 'react';
import HeaderImage from '../header-image/HeaderImage.tsx';
import MarkdownEditor from '../markdown/MarkdownEditor.tsx';
import TextField, { type TextFieldProps } from '../text-field/TextField.tsx';

type Field = Omit<TextFieldProps, 'url' | 'required' | 'autoFocus'>;

interface MetadataFieldsProps {
  name: Field;
  image: Field & {
    /** The image's address to show, or null for no preview. */
    preview: string | null;
    previewAlt: string;
    previewClassName: string;
    /** Shown above the URL field, e.g. an upload control. */
    before?: ReactNode;
  };
  description: { label: string; value: string; maxLength: number; onChange: (v: string) => void };
  afterImage?: ReactNode;
}

export default function MetadataFields({
  name,
  image,
  description,
  afterImage,
}: MetadataFieldsProps) {
  const { preview, previewAlt, previewClassName, before, ...imageField } = image;
  return (
    <>
      <TextField {...name} required autoFocus />
      <div className="row g-3 align-items-start">
        <div className="col-md d-grid gap-2">
          {before}
          <TextField {...imageField} url />
        </div>
        {preview && (
          <div className="col-md-auto">
            <HeaderImage
              src={preview}
              alt={previewAlt}
              className={`img-thumbnail ${previewClassName}`}
            />
          </div>
        )}
      </div>
      {afterImage}
      <MarkdownEditor {...description} />
    </>
  );
}
