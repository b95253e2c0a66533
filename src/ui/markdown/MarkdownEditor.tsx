// A description editor (project dialog, classes, lessons): Markdown text with a preview, 400 px high
// (spec core §9 "Markdown editor height").
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Markdown from './Markdown.tsx';

const MARKDOWN_EDITOR_HEIGHT = 400;

interface Props {
  label: string;
  value: string;
  maxLength: number;
  onChange: (text: string) => void;
}

export default function MarkdownEditor({ label, value, maxLength, onChange }: Props) {
  const { t } = useTranslation('ui');
  const [preview, setPreview] = useState(false);
  const id = useId();
  const style = { height: MARKDOWN_EDITOR_HEIGHT };
  return (
    <div>
      <div className="d-flex align-items-end justify-content-between mb-1">
        <label className="form-label mb-0" htmlFor={id}>
          {label}
        </label>
        <div className="btn-group btn-group-sm" role="group">
          <button
            type="button"
            className={`btn btn-outline-secondary${preview ? '' : ' active'}`}
            aria-pressed={!preview}
            onClick={() => setPreview(false)}
          >
            {t('markdown.write')}
          </button>
          <button
            type="button"
            className={`btn btn-outline-secondary${preview ? ' active' : ''}`}
            aria-pressed={preview}
            onClick={() => setPreview(true)}
          >
            {t('markdown.showPreview')}
          </button>
        </div>
      </div>
      {preview ? (
        <div className="form-control overflow-auto" style={style} data-testid="markdown-preview">
          {value.trim() ? (
            <Markdown text={value} />
          ) : (
            <p className="text-body-secondary mb-0">{t('markdown.nothingToPreview')}</p>
          )}
        </div>
      ) : (
        <textarea
          id={id}
          className="form-control font-monospace"
          style={{ ...style, resize: 'none' }}
          value={value}
          maxLength={maxLength}
          onChange={(e) => onChange(e.target.value)}
          aria-describedby={`${id}-help`}
        />
      )}
      <div id={`${id}-help`} className="form-text">
        {t('markdown.descriptionHelp')}
      </div>
    </div>
  );
}
