// The virtual board's panel, outputs first so they stay in view: the cable and buttons,
// what the board does (motors, servos, display, LEDs, program), its inputs (sensor sliders,
// IR, built-in sensors), its data log, and folded away its settings (board type, version,
// firmware, clock module, Pi companion), firmware and Pi.
import { Badge, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { DISPLAY_BOARDS, isEspFamily } from '../../device/board-state.ts';
import { getSimHost } from '../host/sim-host.ts';
import type { SimConfig, SimState } from '../board/simulated-board.ts';
import SimFirmwarePanel from './SimFirmwarePanel.tsx';
import SimDatalogPanel from './SimDatalogPanel.tsx';
import { BuiltinInputs, SensorInputs } from './SimInputs.tsx';
import { SimMore, SimOutputs } from './SimOutputs.tsx';
import SimPiPanel from './SimPiPanel.tsx';
import SimSection from './SimSection.tsx';
import { Check, NumberInput, SimRow } from './SimControls.tsx';
import { useBoardValue } from './board-value.ts';
import './sim-panel.css';

function Settings({ config }: { config: SimConfig }) {
  const { t } = useTranslation('device');
  const host = getSimHost();
  const configure = (change: Partial<SimConfig>) => host.configure(change);
  const [boardType, setBoardType] = useBoardValue(config.boardType, (boardType) =>
    configure({ boardType }),
  );
  return (
    <SimSection id="settings" title={t('sim.settings')}>
      <SimRow id="sim-board-type" label={t('sim.boardType')}>
        <Form.Select
          id="sim-board-type"
          size="sm"
          value={boardType}
          onChange={(e) => setBoardType(Number(e.target.value))}
        >
          {DISPLAY_BOARDS.map((type) => (
            <option key={type} value={type}>
              {t(`boards.${type}`)}
            </option>
          ))}
        </Form.Select>
      </SimRow>
      <NumberInput
        min={0}
        max={255}
        id="sim-board-version"
        label={t('sim.boardVersion')}
        value={config.boardVersion}
        onChange={(boardVersion) => configure({ boardVersion })}
      />
      <NumberInput
        min={0}
        max={255}
        id="sim-firmware-version"
        label={t('sim.firmware')}
        value={config.firmwareVersion}
        onChange={(firmwareVersion) => configure({ firmwareVersion })}
      />
      <Check
        id="sim-rtc-present"
        label={t('sim.rtcPresent')}
        value={config.rtcPresent}
        onChange={(rtcPresent) => configure({ rtcPresent })}
      />
      <Check
        id="sim-pi"
        label={t('sim.pi')}
        value={config.pi}
        onChange={(pi) => configure({ pi })}
      />
    </SimSection>
  );
}

/** The board's clock: its own component, the one part of the panel that ticks. */
function SimClock() {
  const { t } = useTranslation('device');
  const { clockMs } = useSnapshot(getSimHost().store);
  return (
    <span className="sim-clock small text-body-secondary" title={t('sim.clockTitle')}>
      <i className="bi bi-clock me-1" aria-hidden />
      {t('sim.clock', { seconds: (clockMs / 1000).toFixed(1) })}
    </span>
  );
}

export default function SimulatedBoardPanel() {
  const { t } = useTranslation('device');
  const host = getSimHost();
  const sim = useSnapshot(host.store);
  const state = sim.state as SimState | null;

  if (!state) {
    return <p className="small text-body-secondary mb-0">{t('sim.starting')}</p>;
  }
  const esp = isEspFamily(state.config.boardType);

  return (
    <div className="sim-panel" data-testid="sim-panel">
      <div className="sim-controls">
        <Badge bg={sim.plugged ? 'success' : 'secondary'}>
          {sim.plugged ? t('sim.plugged') : t('sim.unplugged')}
        </Badge>
        <SimClock />
        <div className="sim-buttons">
          <Button
            size="sm"
            variant="outline-secondary"
            onClick={() => host.setPlugged(!sim.plugged)}
          >
            {sim.plugged ? t('sim.unplug') : t('sim.plug')}
          </Button>
          <Button size="sm" variant="outline-secondary" onClick={() => host.pressRun()}>
            <i className="bi bi-play-fill" aria-hidden /> {t('sim.runButton')}
          </Button>
          <Button size="sm" variant="outline-secondary" onClick={() => host.reset()}>
            <i className="bi bi-arrow-counterclockwise" aria-hidden /> {t('sim.reset')}
          </Button>
        </div>
      </div>

      <SimOutputs state={state} />
      <SensorInputs state={state} />
      {esp && <BuiltinInputs state={state} />}
      <SimDatalogPanel info={state.datalog} />
      <SimMore state={state} />
      <Settings config={state.config} />
      <SimFirmwarePanel boardType={state.config.boardType} />
      {state.pi && <SimPiPanel pi={state.pi} />}
    </div>
  );
}
