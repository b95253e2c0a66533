import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { GESTURE_LABELS, ORIENTATION_LABELS } from '../../../device/board-state.ts';
import { board } from '../../../device/board-store.ts';
import Panel from '../../../device/ui/Panel.tsx';
import type { BoardGate } from '../../../device/ui/use-board-gate.ts';

const f1 = (v: number) => v.toFixed(1);
const f2 = (v: number) => v.toFixed(2);

/** Built-in sensors of boards 6 and 7 (layout: docs/builtin-sensors.md). */
export default function BuiltinSensorsPanel({ gate }: { gate: BoardGate }) {
  const { t } = useTranslation('board');
  const { t: td } = useTranslation('device');
  const live = useSnapshot(board);
  const b = live.status?.builtin ?? null;
  const reason = gate.reason ?? (b ? null : t('builtin.notAvailable'));
  return (
    <Panel id="builtin" title={t('builtin.title')} disabledReason={reason}>
      {b && (
        <dl className="row small mb-0" data-testid="builtin-values">
          <dt className="col-6">{td('builtin.gesture')}</dt>
          <dd className="col-6 mb-1">{td(`gesture.${GESTURE_LABELS[b.handGesture] ?? 'none'}`)}</dd>
          <dt className="col-6">{td('builtin.orientation')}</dt>
          <dd className="col-6 mb-1">
            {td(`orientation.${ORIENTATION_LABELS[b.orientation] ?? 'none'}`)}
          </dd>
          <dt className="col-6">{td('builtin.loudness')}</dt>
          <dd className="col-6 mb-1">{b.loudness}</dd>
          <dt className="col-6">{td('builtin.light')}</dt>
          <dd className="col-6 mb-1">{b.light}</dd>
          <dt className="col-6">{td('builtin.proximity')}</dt>
          <dd className="col-6 mb-1">{b.proximity}</dd>
          <dt className="col-6">{td('builtin.color')}</dt>
          <dd className="col-6 mb-1">
            <span
              className="d-inline-block border me-1 align-middle"
              style={{
                width: '1em',
                height: '1em',
                background: `rgb(${b.rgb.r},${b.rgb.g},${b.rgb.b})`,
              }}
              aria-hidden
            />
            {t('builtin.hsv', b.colorHsv)} · {t('builtin.hsl', b.colorHsl)}
          </dd>
          <dt className="col-6">{t('builtin.acceleration')}</dt>
          <dd className="col-6 mb-1" data-testid="acceleration">
            {t('builtin.accelValues', {
              x: f2(b.accelX),
              y: f2(b.accelY),
              z: f2(b.accelZ),
              total: f2(b.acceleration),
            })}
          </dd>
          <dt className="col-6">{td('builtin.temperature')}</dt>
          <dd className="col-6 mb-1">{f1(b.temperature)} °C</dd>
          <dt className="col-6">{td('builtin.humidity')}</dt>
          <dd className="col-6 mb-0">{b.humidity}%</dd>
        </dl>
      )}
    </Panel>
  );
}
