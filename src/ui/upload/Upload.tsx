// The upload component (spec §5, §9): single (one file, a new one replaces it), gallery
// (images: png, jpg, jpeg, gif by default, others dropped with a message) or list (any
// type). Files are chosen with the picker (keyboard) or dropped on the zone, sent at once
// through `upload` (the server's store), listed with their size (Bytes … YB) and progress;
// a removal can be undone for 2 s. The value is the stored files' URLs.
import { useEffect, useId, useState, useSyncExternalStore, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../error-text.ts';
import { acceptAttribute, GALLERY_EXTENSIONS, splitByExtension } from './accept.ts';
import { formatFileSize } from './file-size.ts';
import { UploadQueue, type UploadItem, type Uploader } from './upload-queue.ts';
import './upload.css';
import Tooltip from '../tooltip/Tooltip.tsx';

type UploadMode = 'single' | 'gallery' | 'list';

interface UploadProps {
  mode: UploadMode;
  label: string;
  upload: Uploader;
  /** URLs stored before (shown as done files). Read once, on mount. */
  initialUrls?: readonly string[];
  onChange: (urls: string[]) => void;
  /** Extensions taken; default png, jpg, jpeg, gif for single and gallery, any for list. */
  extensions?: readonly string[];
}

function preview(file: File): string | null {
  return file.type.startsWith('image/') && typeof URL.createObjectURL === 'function'
    ? URL.createObjectURL(file)
    : null;
}

function release(url: string): void {
  if (url.startsWith('blob:')) URL.revokeObjectURL(url);
}

function Item({ item, queue, images }: { item: UploadItem; queue: UploadQueue; images: boolean }) {
  const { t, i18n } = useTranslation('ui');
  return (
    <li
      className={`upload-item list-group-item d-flex align-items-center gap-2${item.removing ? ' upload-item-removing' : ''}`}
      data-testid="upload-item"
      data-status={item.removing ? 'removing' : item.status}
    >
      {images && item.preview && !item.removing && (
        <img className="upload-thumb" src={item.preview} alt="" />
      )}
      <div className="flex-grow-1 min-w-0">
        <div className="text-truncate" title={item.name}>
          {item.name}
        </div>
        <div className="small text-body-secondary">
          {item.size !== null && (
            <span data-testid="upload-size">{formatFileSize(item.size, i18n.language)}</span>
          )}
          {item.status === 'uploading' && (
            <span className="ms-2">
              {t('upload.uploading', { percent: Math.round(item.progress * 100) })}
            </span>
          )}
          {item.status === 'failed' && (
            <span className="ms-2 text-danger" role="alert">
              {t('upload.failed', { reason: apiErrorText(item.error) })}
            </span>
          )}
          {item.removing && <span className="ms-2">{t('upload.removed')}</span>}
        </div>
        {item.status === 'uploading' && (
          <div
            className="progress mt-1"
            role="progressbar"
            aria-label={t('upload.progress', { name: item.name })}
            aria-valuenow={Math.round(item.progress * 100)}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div className="progress-bar" style={{ width: `${item.progress * 100}%` }} />
          </div>
        )}
      </div>
      {item.removing ? (
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          onClick={() => queue.undo(item.id)}
        >
          {t('upload.undo')}
        </button>
      ) : (
        <>
          {item.status === 'failed' && (
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              onClick={() => queue.retry(item.id)}
            >
              {t('upload.retry')}
            </button>
          )}
          <Tooltip text={t('upload.remove', { name: item.name })}>
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              aria-label={t('upload.remove', { name: item.name })}
              onClick={() => queue.remove(item.id)}
            >
              <i className="bi bi-x-lg" aria-hidden="true" />
            </button>
          </Tooltip>
        </>
      )}
    </li>
  );
}

export default function Upload(props: UploadProps) {
  const { t } = useTranslation('ui');
  const { mode, label } = props;
  const extensions = props.extensions ?? (mode === 'list' ? [] : GALLERY_EXTENSIONS);
  const [queue] = useState(
    () =>
      new UploadQueue(
        {
          upload: (...args) => props.upload(...args),
          onChange: (urls) => props.onChange(urls),
          single: mode === 'single',
          preview,
          release,
        },
        props.initialUrls,
      ),
  );
  useEffect(() => () => queue.dispose(), [queue]);
  const items = useSyncExternalStore(queue.subscribe, () => queue.items);
  const [dropped, setDropped] = useState<string[]>([]);
  const [over, setOver] = useState(false);
  const inputId = useId();

  const take = (files: File[]) => {
    const { accepted, dropped: refused } = splitByExtension(files, extensions);
    setDropped(refused.map((f) => f.name));
    queue.add(accepted);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    take([...e.dataTransfer.files]);
  };

  return (
    <div className="upload" data-testid="upload" data-mode={mode}>
      <div
        className={`upload-zone${over ? ' upload-zone-over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <i className="bi bi-cloud-arrow-up fs-3 d-block" aria-hidden="true" />
        <label htmlFor={inputId} className="btn btn-sm btn-outline-primary mt-1">
          {label}
        </label>
        <input
          id={inputId}
          type="file"
          className="visually-hidden-focusable upload-input"
          accept={extensions.length ? acceptAttribute(extensions) : undefined}
          multiple={mode !== 'single'}
          onChange={(e) => {
            take([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
        <div className="small text-body-secondary mt-1">
          {extensions.length
            ? t('upload.hintTypes', { types: extensions.join(', ') })
            : t('upload.hintAny')}
        </div>
      </div>
      {dropped.length > 0 && (
        <div className="alert alert-warning alert-dismissible py-2 small mt-2 mb-0" role="alert">
          {t('upload.dropped', {
            count: dropped.length,
            names: dropped.join(', '),
            types: extensions.join(', '),
          })}
          <button
            type="button"
            className="btn-close py-2"
            aria-label={t('upload.dismiss')}
            onClick={() => setDropped([])}
          />
        </div>
      )}
      {items.length > 0 && (
        <ul className="list-group mt-2">
          {items.map((item) => (
            <Item key={item.id} item={item} queue={queue} images={mode !== 'list'} />
          ))}
        </ul>
      )}
    </div>
  );
}
