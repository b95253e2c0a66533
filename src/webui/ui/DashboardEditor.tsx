// Edit mode: the dashboard's name and its widgets, in grid order. Each widget is a fieldset
// with the fields its type has, the full topic it uses, its size, and real buttons to move
// it up or down and remove it. Problems show beside their fields in the user's language.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DASHBOARD_NAME_MAX,
  GRID_COLUMNS,
  WIDGET_HEIGHT_MAX,
  WIDGET_LABEL_MAX,
  WIDGET_PAYLOAD_MAX,
  WIDGET_TOPIC_MAX,
  WIDGET_TYPES,
  WIDGET_UNIT_MAX,
  WIDGETS_MAX,
  type Widget,
  type WidgetType,
} from '../../contract/webui.ts';
import {
  canAddWidget,
  moveWidget,
  newWidget,
  removeWidget,
  updateWidget,
  WIDGET_FIELDS,
  widgetProblems,
  type WidgetProblem,
} from '../dashboard-editor.ts';

interface DashboardEditorProps {
  name: string;
  widgets: Widget[];
  /** The owner's namespace, for the full-topic hint (null while unknown). */
  root: string | null;
  onName: (name: string) => void;
  onWidgets: (widgets: Widget[]) => void;
}

export default function DashboardEditor({
  name,
  widgets,
  root,
  onName,
  onWidgets,
}: DashboardEditorProps) {
  const { t } = useTranslation('webui');
  const [type, setType] = useState<WidgetType>('slider');

  const add = () => {
    if (!canAddWidget(widgets)) return;
    const n = widgets.filter((w) => w.type === type).length + 1;
    onWidgets([...widgets, newWidget(type, `${t(`type.${type}`)} ${n}`, widgets)]);
  };

  return (
    <div className="webui-editor">
      <div className="mb-3" style={{ maxWidth: '30rem' }}>
        <label htmlFor="webui-name" className="form-label">
          {t('editor.name')}
        </label>
        <input
          id="webui-name"
          className={`form-control${name.trim() === '' ? ' is-invalid' : ''}`}
          value={name}
          maxLength={DASHBOARD_NAME_MAX}
          required
          onChange={(e) => onName(e.target.value)}
        />
      </div>
      <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
        <div>
          <label htmlFor="webui-add-type" className="form-label">
            {t('editor.addType')}
          </label>
          <select
            id="webui-add-type"
            className="form-select"
            value={type}
            onChange={(e) => setType(e.target.value as WidgetType)}
          >
            {WIDGET_TYPES.map((w) => (
              <option key={w} value={w}>
                {t(`type.${w}`)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={add}
          disabled={!canAddWidget(widgets)}
        >
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {t('editor.add')}
        </button>
        {!canAddWidget(widgets) && (
          <span className="text-body-secondary">{t('editor.full', { count: WIDGETS_MAX })}</span>
        )}
      </div>
      {widgets.length === 0 && <p className="text-body-secondary">{t('editor.noWidgets')}</p>}
      <ol className="list-unstyled d-grid gap-3">
        {widgets.map((widget, index) => (
          <li key={widget.id}>
            <WidgetFields
              widget={widget}
              root={root}
              first={index === 0}
              last={index === widgets.length - 1}
              onChange={(change) => onWidgets(updateWidget(widgets, index, change))}
              onMove={(by) => onWidgets(moveWidget(widgets, index, by))}
              onRemove={() => onWidgets(removeWidget(widgets, index))}
            />
          </li>
        ))}
      </ol>
    </div>
  );
}

/** What every input of the widget form carries: its id, look and problem state. */
interface InputAttrs {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface WidgetFieldsProps {
  widget: Widget;
  root: string | null;
  first: boolean;
  last: boolean;
  onChange: (change: Partial<Widget>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

function WidgetFields({
  widget,
  root,
  first,
  last,
  onChange,
  onMove,
  onRemove,
}: WidgetFieldsProps) {
  const { t } = useTranslation('webui');
  const problems = widgetProblems(widget);
  const fields = WIDGET_FIELDS[widget.type];
  const id = (field: string) => `webui-${widget.id}-${field}`;
  const name = widget.label.trim() || t(`type.${widget.type}`);
  const problemOf = (field: WidgetProblem['field']) => problems.find((p) => p.field === field);

  // One labelled cell of the widget form, with its problem (from the checks) and hint below.
  const cell = (
    field: string,
    label: string,
    column: string,
    problem: WidgetProblem | undefined,
    input: (attrs: InputAttrs) => ReactNode,
    hint?: ReactNode,
  ) => {
    const described = [problem && id(`${field}-problem`), hint && id(`${field}-hint`)]
      .filter(Boolean)
      .join(' ');
    return (
      <div className={column}>
        <label htmlFor={id(field)} className="form-label">
          {label}
        </label>
        {input({
          id: id(field),
          className: `form-control form-control-sm${problem ? ' is-invalid' : ''}`,
          'aria-invalid': problem ? true : undefined,
          'aria-describedby': described || undefined,
        })}
        {problem && (
          <div id={id(`${field}-problem`)} className="invalid-feedback">
            {t(`problem.${problem.problem}`)}
          </div>
        )}
        {hint && (
          <div id={id(`${field}-hint`)} className="form-text text-break">
            {hint}
          </div>
        )}
      </div>
    );
  };

  const text = (
    field: 'label' | 'topic' | 'unit' | 'payload' | 'offPayload',
    label: string,
    max: number,
    hint?: ReactNode,
  ) =>
    cell(
      field,
      label,
      'col-sm-6 col-lg-4',
      field === 'label' || field === 'topic' ? problemOf(field) : undefined,
      (attrs) => (
        <input
          {...attrs}
          value={widget[field] ?? ''}
          maxLength={max}
          onChange={(e) => onChange({ [field]: e.target.value })}
        />
      ),
      hint,
    );

  const number = (
    field: 'min' | 'max' | 'step' | 'w' | 'h',
    label: string,
    bounds?: { min: number; max: number },
  ) => {
    const value = widget[field];
    return cell(
      field,
      label,
      'col-6 col-sm-4 col-lg-2',
      field === 'w' || field === 'h' ? undefined : problemOf(field),
      (attrs) => (
        <input
          {...attrs}
          type="number"
          value={value === undefined || Number.isNaN(value) ? '' : value}
          min={bounds?.min}
          max={bounds?.max}
          step="any"
          onChange={(e) => onChange({ [field]: e.target.valueAsNumber })}
        />
      ),
    );
  };

  return (
    <fieldset className="border rounded p-3" data-testid="webui-widget-editor">
      <legend className="float-none w-auto px-2 fs-6 mb-0">
        {t('editor.widget', { type: t(`type.${widget.type}`), label: name })}
      </legend>
      <div className="row g-2">
        {text('label', t('editor.label'), WIDGET_LABEL_MAX)}
        {text(
          'topic',
          t('editor.topic'),
          WIDGET_TOPIC_MAX,
          root === null ? undefined : t('editor.topicHint', { topic: `${root}/${widget.topic}` }),
        )}
        {fields.includes('range') && number('min', t('editor.min'))}
        {fields.includes('range') && number('max', t('editor.max'))}
        {fields.includes('step') && number('step', t('editor.step'))}
        {fields.includes('unit') && text('unit', t('editor.unit'), WIDGET_UNIT_MAX)}
        {fields.includes('payload') &&
          text(
            'payload',
            widget.type === 'switch' ? t('editor.switchOn') : t('editor.payload'),
            WIDGET_PAYLOAD_MAX,
          )}
        {fields.includes('offPayload') &&
          text('offPayload', t('editor.switchOff'), WIDGET_PAYLOAD_MAX)}
        {number('w', t('editor.width'), { min: 1, max: GRID_COLUMNS })}
        {number('h', t('editor.height'), { min: 1, max: WIDGET_HEIGHT_MAX })}
      </div>
      <div className="d-flex flex-wrap gap-2 mt-3">
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          disabled={first}
          onClick={() => onMove(-1)}
        >
          <i className="bi bi-arrow-up me-1" aria-hidden="true" />
          {t('editor.moveUp', { label: name })}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          disabled={last}
          onClick={() => onMove(1)}
        >
          <i className="bi bi-arrow-down me-1" aria-hidden="true" />
          {t('editor.moveDown', { label: name })}
        </button>
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={onRemove}>
          <i className="bi bi-trash me-1" aria-hidden="true" />
          {t('editor.remove', { label: name })}
        </button>
      </div>
    </fieldset>
  );
}
