import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { board } from '../../../device/board-store.ts';
import Panel from '../../../device/ui/Panel.tsx';
import type { BoardGate } from '../../../device/ui/use-board-gate.ts';
import Sparkline from './Sparkline.tsx';

/** Live sensor values (8 on board 5 and below, 4 on 6 and 7) with a small chart each. */
export default function SensorsPanel({ gate }: { gate: BoardGate }) {
  const { t } = useTranslation('board');
  const live = useSnapshot(board);
  const sensors = live.status?.sensors ?? [];
  return (
    <Panel id="sensors" title={t('sensors.title')} disabledReason={gate.reason}>
      <table className="table table-sm align-middle mb-0">
        <tbody>
          {sensors.map((v, i) => (
            <tr key={i} data-testid={`sensor-${i + 1}`}>
              <th scope="row" className="fw-normal">
                {t('sensors.sensor', { n: i + 1 })}
              </th>
              <td className="font-monospace text-end" aria-live="off">
                {v}
              </td>
              <td className="text-end">
                <Sparkline
                  values={live.sensorHistory[i] ?? []}
                  label={t('sensors.chart', { n: i + 1 })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {live.status && (
        <p className="small mb-0" data-testid="ir-value">
          {t('sensors.ir', { value: live.status.irValue })}
        </p>
      )}
    </Panel>
  );
}
