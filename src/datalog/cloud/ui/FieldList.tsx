// The cloud datalog's fields as tags: shown on the chart or not, colour, tag editor, and
// deleting a field (the owner; a moderator on the public log).
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TAG_COLOURS, TAG_NAME_MAX, type Field } from '../../../contract/datalog.ts';
import { confirm } from '../../../shell/confirm.ts';
import { showToast } from '../../../state/ui.ts';
import { cloudDatalog } from '../runtime.ts';
import { tagColour } from '../../../ui/chart/colours.ts';
import Tooltip from '../../../ui/tooltip/Tooltip.tsx';

/** Asks, then deletes a field and its records; a refusal shows 'Delete field error'. */
async function deleteField(field: Field, texts: { confirm: string; error: string }) {
  if (!(await confirm(texts.confirm))) return;
  const reason = await cloudDatalog.deleteField(field.name);
  if (reason !== null) showToast('warning', reason, texts.error);
}

export default function FieldList(props: {
  fields: readonly Field[];
  hidden: readonly string[];
  editable: boolean;
  /** The owner, or a moderator on the public log, may delete fields. */
  deletable: boolean;
  tagError: string | null;
}) {
  const { t, i18n } = useTranslation('cloudlog');
  const [editing, setEditing] = useState<string | null>(null);
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 });
  if (props.fields.length === 0) return null;
  return (
    <div className="mt-3">
      <h2 className="h6">{t('fields')}</h2>
      <ul className="list-unstyled mb-0 cloudlog-fields" data-testid="cloudlog-fields">
        {props.fields.map((f) => (
          <li key={f.name} className="py-1 border-bottom">
            <div className="d-flex align-items-center gap-2">
              <input
                id={`cloudlog-field-${f.name}`}
                className="form-check-input mt-0"
                type="checkbox"
                checked={!props.hidden.includes(f.name)}
                aria-label={t('showField', { tag: f.tag })}
                onChange={() => void cloudDatalog.toggleField(f.name)}
              />
              <span
                className="cloudlog-swatch"
                style={{ backgroundColor: tagColour(f.colour) }}
                aria-hidden="true"
              />
              <label
                className="flex-grow-1 text-truncate mb-0"
                htmlFor={`cloudlog-field-${f.name}`}
              >
                {f.tag}
              </label>
              {props.editable && (
                <button
                  type="button"
                  className="btn btn-sm btn-link p-0"
                  aria-label={t('editTag', { tag: f.tag })}
                  onClick={() => setEditing(editing === f.name ? null : f.name)}
                >
                  <i className="bi bi-pencil" aria-hidden="true" />
                </button>
              )}
              {props.deletable && (
                <Tooltip text={t('deleteField', { tag: f.tag })}>
                  <button
                    type="button"
                    className="btn btn-sm btn-link p-0 text-danger"
                    aria-label={t('deleteField', { tag: f.tag })}
                    onClick={() =>
                      void deleteField(f, {
                        confirm: t('confirmDeleteField', { tag: f.tag }),
                        error: t('deleteFieldError'),
                      })
                    }
                  >
                    <i className="bi bi-trash" aria-hidden="true" />
                  </button>
                </Tooltip>
              )}
            </div>
            <div className="small text-body-secondary ms-4">
              {t('records', { count: f.records })} ·{' '}
              {t('lastValue', { value: number.format(f.lastValue) })}
            </div>
            {editing === f.name && (
              <TagEditor field={f} error={props.tagError} onDone={() => setEditing(null)} />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function TagEditor(props: { field: Field; error: string | null; onDone: () => void }) {
  const { t } = useTranslation('cloudlog');
  const [tag, setTag] = useState(props.field.tag);
  const [colour, setColour] = useState(props.field.colour);
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await cloudDatalog.updateField(props.field.name, { tag, colour })) props.onDone();
  };
  return (
    <form
      className="d-grid gap-2 mt-2 ms-4"
      onSubmit={(e) => void submit(e)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') props.onDone();
      }}
    >
      <label className="form-label small mb-0" htmlFor={`${id}-tag`}>
        {t('tagName')}
      </label>
      <input
        id={`${id}-tag`}
        className="form-control form-control-sm"
        value={tag}
        maxLength={TAG_NAME_MAX}
        autoFocus
        onChange={(e) => setTag(e.target.value)}
      />
      <label className="form-label small mb-0" htmlFor={`${id}-colour`}>
        {t('colour')}
      </label>
      <select
        id={`${id}-colour`}
        className="form-select form-select-sm"
        value={colour}
        onChange={(e) => setColour(Number(e.target.value))}
        style={{ borderLeft: `0.75rem solid ${tagColour(colour)}` }}
      >
        {Array.from({ length: TAG_COLOURS }, (_, n) => (
          <option key={n} value={n}>
            {t('colourN', { n: n + 1 })}
          </option>
        ))}
      </select>
      {props.error && (
        <div className="text-danger small" role="alert">
          {props.error}
        </div>
      )}
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-sm btn-primary">
          {t('save')}
        </button>
        <button type="button" className="btn btn-sm btn-secondary" onClick={props.onDone}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
