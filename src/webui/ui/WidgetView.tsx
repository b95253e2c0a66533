// One widget in run mode. Buttons, switches and sliders send to their topic (owners only:
// on a shared link they show the value and are disabled); gauges, numbers, labels and
// charts show what last arrived. Every control is named by the widget's label.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Widget } from '../../contract/webui.ts';
import { throttleLatest } from '../throttle-latest.ts';
import WidgetChart from './WidgetChart.tsx';

/** The least time between two values a dragged slider sends. */
const SLIDER_SEND_MS = 100;

interface WidgetViewProps {
  widget: Widget;
  /** The last payload on the widget's topic, if any. */
  value: string | undefined;
  history: readonly number[] | undefined;
  /** Sends to the widget's topic; null when the viewer may not send. */
  send: ((payload: string) => void) | null;
}

export default function WidgetView({ widget, value, history, send }: WidgetViewProps) {
  const { t } = useTranslation('webui');
  const id = `webui-run-${widget.id}`;
  const unit = widget.unit ? ` ${widget.unit}` : '';
  const min = widget.min ?? 0;
  const max = widget.max ?? 100;
  const numeric = value !== undefined && value.trim() !== '' ? Number(value) : NaN;

  switch (widget.type) {
    case 'button':
      return (
        <button
          type="button"
          className="btn btn-primary w-100 h-100"
          disabled={!send}
          onClick={() => send?.(widget.payload ?? '')}
        >
          {widget.label}
        </button>
      );
    case 'switch':
      return (
        <div className="form-check form-switch fs-5">
          <input
            id={id}
            className="form-check-input"
            type="checkbox"
            role="switch"
            checked={value !== undefined && value === (widget.payload ?? '')}
            disabled={!send}
            onChange={(e) =>
              send?.(e.target.checked ? (widget.payload ?? '') : (widget.offPayload ?? ''))
            }
          />
          <label className="form-check-label" htmlFor={id}>
            {widget.label}
          </label>
        </div>
      );
    case 'slider':
      return <SliderView widget={widget} numeric={numeric} send={send} />;
    case 'gauge': {
      const known = Number.isFinite(numeric);
      const ratio = known ? Math.min(1, Math.max(0, (numeric - min) / (max - min))) : 0;
      const shown = known ? `${numeric}${unit}` : t('run.noValue');
      return (
        <div className="webui-gauge">
          <div id={`${id}-label`} className="webui-widget-label">
            {widget.label}
          </div>
          <div
            role="meter"
            aria-labelledby={`${id}-label`}
            aria-valuemin={min}
            aria-valuemax={max}
            aria-valuenow={known ? Math.min(max, Math.max(min, numeric)) : min}
            aria-valuetext={shown}
            className="webui-gauge-track"
          >
            <div className="webui-gauge-fill" style={{ width: `${ratio * 100}%` }} />
          </div>
          <div className="webui-big" aria-hidden="true">
            {shown}
          </div>
        </div>
      );
    }
    case 'number':
    case 'label': {
      const shown =
        value === undefined
          ? t('run.noValue')
          : widget.type === 'number'
            ? `${value}${unit}`
            : value;
      return (
        <div>
          <div id={`${id}-label`} className="webui-widget-label">
            {widget.label}
          </div>
          <output
            aria-labelledby={`${id}-label`}
            className={widget.type === 'number' ? 'webui-big' : 'webui-text'}
          >
            {shown}
          </output>
        </div>
      );
    }
    case 'chart':
      return (
        <div className="d-flex flex-column h-100">
          <div className="webui-widget-label">
            {widget.label}
            {value !== undefined && (
              <span className="ms-2 text-body-secondary">{`${value}${unit}`}</span>
            )}
          </div>
          <WidgetChart values={history ?? []} min={min} max={max} label={widget.label} />
        </div>
      );
  }
}

function SliderView({
  widget,
  numeric,
  send,
}: {
  widget: Widget;
  numeric: number;
  send: ((payload: string) => void) | null;
}) {
  const id = `webui-run-${widget.id}`;
  const min = widget.min ?? 0;
  const max = widget.max ?? 100;
  // The slider shows what the user set until a new value arrives on its topic (usually the
  // echo of what it sent).
  const [local, setLocal] = useState<{ value: number; over: number } | null>(null);
  const throttled = useMemo(
    () => (send ? throttleLatest((v: number) => send(String(v)), SLIDER_SEND_MS) : null),
    [send],
  );
  useEffect(() => () => throttled?.cancel(), [throttled]);
  const shown =
    local !== null && Object.is(local.over, numeric)
      ? local.value
      : Number.isFinite(numeric)
        ? numeric
        : min;
  return (
    <div>
      <label htmlFor={id} className="webui-widget-label d-flex justify-content-between">
        <span>{widget.label}</span>
        <span aria-hidden="true">
          {shown}
          {widget.unit ? ` ${widget.unit}` : ''}
        </span>
      </label>
      <input
        id={id}
        type="range"
        className="form-range"
        min={min}
        max={max}
        step={widget.step ?? 'any'}
        value={shown}
        disabled={!send}
        onChange={(e) => {
          const v = e.target.valueAsNumber;
          setLocal({ value: v, over: numeric });
          throttled?.push(v);
        }}
      />
    </div>
  );
}
