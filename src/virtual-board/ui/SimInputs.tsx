// The virtual board's inputs: sensor sliders, the IR code and (ESP boards) the built-in
// sensors.
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { GESTURE_LABELS, ORIENTATION_LABELS, sensorCount } from '../../device/board-state.ts';
import type { HidBuiltinSensors } from '../../core/hid-layout.ts';
import type { SimState } from '../board/simulated-board.ts';
import { getSimHost } from '../host/sim-host.ts';
import { Choice, NumberInput, SimRow, Slider } from './SimControls.tsx';
import SimSection from './SimSection.tsx';
import SimTitledSection from './SimTitledSection.tsx';

const hex2 = (n: number) => n.toString(16).padStart(2, '0');

export function SensorInputs({ state }: { state: SimState }) {
  const { t } = useTranslation('device');
  const host = getSimHost();
  return (
    <SimTitledSection titleId="sim-sensors" title={t('sim.sensors')} className="sim-section">
      {Array.from({ length: sensorCount(state.config.boardType) }, (_, i) => (
        <Slider
          key={i}
          id={`sim-sensor-${i + 1}`}
          label={t('sim.sensor', { n: i + 1 })}
          min={0}
          max={1023}
          value={state.sensors[i] ?? 0}
          onChange={(v) => host.setSensor(i + 1, v)}
        />
      ))}
      <NumberInput
        id="sim-ir"
        label={t('sim.ir')}
        min={0}
        max={255}
        value={state.ir}
        onChange={(v) => host.setIr(v)}
      />
    </SimTitledSection>
  );
}

type Numeric = Exclude<keyof HidBuiltinSensors, 'gesture' | 'orientation'>;

export function BuiltinInputs({ state }: { state: SimState }) {
  const { t } = useTranslation('device');
  const host = getSimHost();
  const b = state.builtin;
  const slider = (key: Numeric, id: string, label: string, min: number, max: number) => (
    <Slider
      id={id}
      label={label}
      min={min}
      max={max}
      value={b[key]}
      onChange={(v) => host.setBuiltin({ [key]: v })}
    />
  );
  const color = `#${hex2(b.red)}${hex2(b.green)}${hex2(b.blue)}`;
  return (
    <SimSection id="builtin" title={t('sim.builtin')}>
      <Choice
        id="sim-gesture"
        label={t('builtin.gesture')}
        value={b.gesture}
        options={GESTURE_LABELS.map((g) => t(`gesture.${g}`))}
        onChange={(v) => host.setBuiltin({ gesture: v })}
      />
      <Choice
        id="sim-orientation"
        label={t('builtin.orientation')}
        value={b.orientation}
        options={ORIENTATION_LABELS.map((o) => t(`orientation.${o}`))}
        onChange={(v) => host.setBuiltin({ orientation: v })}
      />
      <SimRow id="sim-color" label={t('builtin.color')}>
        <Form.Control
          id="sim-color"
          type="color"
          size="sm"
          value={color}
          onChange={(e) => {
            const v = e.target.value;
            host.setBuiltin({
              red: parseInt(v.slice(1, 3), 16),
              green: parseInt(v.slice(3, 5), 16),
              blue: parseInt(v.slice(5, 7), 16),
            });
          }}
        />
      </SimRow>
      {slider('light', 'sim-light', t('builtin.light'), 0, 2000)}
      {slider('proximity', 'sim-proximity', t('builtin.proximity'), 0, 255)}
      {slider('loudness', 'sim-loudness', t('builtin.loudness'), 0, 1023)}
      {slider('temperature', 'sim-temperature', t('sim.temperatureTenths'), -200, 600)}
      {slider('humidity', 'sim-humidity', t('builtin.humidity'), 0, 100)}
      {slider('accelX', 'sim-accel-x', t('sim.accel', { axis: 'X' }), -8000, 8000)}
      {slider('accelY', 'sim-accel-y', t('sim.accel', { axis: 'Y' }), -8000, 8000)}
      {slider('accelZ', 'sim-accel-z', t('sim.accel', { axis: 'Z' }), -8000, 8000)}
    </SimSection>
  );
}
