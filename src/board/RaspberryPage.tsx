// /raspberry: panels for the Raspberry Pi of a Pi-topping board (spec classroom §2, issue 4
// "Screens"). Disabled, with the reason, until a matching board reports a live Pi.
import { useTranslation } from 'react-i18next';
import BroadcastPanel from './panels/BroadcastPanel.tsx';
import DisplayPanel from './panels/DisplayPanel.tsx';
import {
  CameraPanel,
  EmailSmsPanel,
  HomeScreenPanel,
  PiInfoPanel,
  PiNetworkPanel,
  PiPowerPanel,
} from './panels/PiPanels.tsx';
import { useBoardGate, usePiGate } from './use-board-gate.ts';

export default function RaspberryPage() {
  const { t } = useTranslation('board');
  const boardGate = useBoardGate();
  const gate = usePiGate();
  const panels = [
    <CameraPanel key="camera" gate={gate} />,
    <DisplayPanel key="display" id="pi-display" gate={boardGate} />,
    <HomeScreenPanel key="home" gate={gate} />,
    <PiInfoPanel key="info" gate={gate} />,
    <BroadcastPanel key="kv" id="key-value" gate={boardGate} />,
    <PiNetworkPanel key="network" gate={gate} />,
    <EmailSmsPanel key="email" gate={gate} />,
    <PiPowerPanel key="power" gate={gate} />,
  ];
  return (
    <section className="container-fluid py-3" aria-labelledby="raspberry-title">
      <h1 id="raspberry-title" className="h3">
        {t('raspberry.title')}
      </h1>
      {gate.reason && (
        <p className="text-body-secondary" data-testid="raspberry-reason">
          {gate.reason}
        </p>
      )}
      <div className="panel-grid">
        {panels.map((p) => (
          <div key={p.key}>{p}</div>
        ))}
      </div>
    </section>
  );
}
