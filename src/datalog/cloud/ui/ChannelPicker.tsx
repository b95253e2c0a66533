// The cloud datalog's channel picker: the public log, my channels, public channels, and
// a new channel form.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHANNEL_NAME_MAX, PUBLIC_LOG_ID, type Channel } from '../../../contract/datalog.ts';

export default function ChannelPicker(props: {
  channels: readonly Channel[];
  current: string;
  loggedIn: boolean;
  onPick: (id: string) => void;
  onCreate: (name: string, isPublic: boolean) => Promise<void>;
}) {
  const { t } = useTranslation('cloudlog');
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [isPublic, setPublic] = useState(false);
  const formId = useId();
  const mine = props.channels.filter((c) => c.isMine);
  const others = props.channels.filter((c) => !c.isMine && !c.isPublicLog);
  const known = props.channels.some((c) => c.id === props.current);
  const label = (c: Channel) =>
    `${c.isPublicLog ? t('publicLog') : c.name} (${c.isPublic ? t('publicTag') : t('privateTag')})`;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() === '') return;
    await props.onCreate(name.trim(), isPublic);
    setCreating(false);
    setName('');
  };

  return (
    <div>
      <label className="form-label" htmlFor="cloudlog-channel">
        {t('channel')}
      </label>
      <select
        id="cloudlog-channel"
        className="form-select"
        value={props.current}
        onChange={(e) => props.onPick(e.target.value)}
      >
        <option value={PUBLIC_LOG_ID}>{t('publicLog')}</option>
        {!known && props.current !== PUBLIC_LOG_ID && (
          <option value={props.current}>{props.current}</option>
        )}
        {mine.length > 0 && (
          <optgroup label={t('mine')}>
            {mine.map((c) => (
              <option key={c.id} value={c.id}>
                {label(c)}
              </option>
            ))}
          </optgroup>
        )}
        {others.length > 0 && (
          <optgroup label={t('shared')}>
            {others.map((c) => (
              <option key={c.id} value={c.id}>
                {label(c)}
              </option>
            ))}
          </optgroup>
        )}
      </select>
      {props.loggedIn && !creating && (
        <button
          type="button"
          className="btn btn-sm btn-outline-primary mt-2"
          onClick={() => setCreating(true)}
        >
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {t('newChannel')}
        </button>
      )}
      {creating && (
        <form className="mt-2 d-grid gap-2" onSubmit={(e) => void submit(e)}>
          <label className="form-label small mb-0" htmlFor={`${formId}-name`}>
            {t('channelName')}
          </label>
          <input
            id={`${formId}-name`}
            className="form-control form-control-sm"
            value={name}
            maxLength={CHANNEL_NAME_MAX}
            required
            autoFocus
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setCreating(false);
            }}
          />
          <div className="form-check">
            <input
              id={`${formId}-public`}
              className="form-check-input"
              type="checkbox"
              checked={isPublic}
              onChange={(e) => setPublic(e.target.checked)}
            />
            <label className="form-check-label small" htmlFor={`${formId}-public`}>
              {t('makePublic')}
            </label>
          </div>
          <div className="d-flex gap-2">
            <button type="submit" className="btn btn-sm btn-primary">
              {t('create')}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-secondary"
              onClick={() => setCreating(false)}
            >
              {t('cancel')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
