// /raspberry: panels for the Raspberry Pi of a Pi-topping board (spec classroom §2).
// Until a matching board reports a live Pi, the page says once why the panels are disabled
// and how to get a Pi (a Pi-topping with its Raspberry Pi, or the virtual board's Pi); the
// panels themselves stay disabled without repeating it.
import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { BoardType } from '../../device/device.ts';
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
import { quiet, useBoardGate, usePiGate } from './use-board-gate.ts';
import Screen from '../../shell/ui/Screen.tsx';

export default function RaspberryPage() {
  const { t } = useTranslation('board');
  const boardGate = useBoardGate();
  const piGate = usePiGate();
  const gate = quiet(piGate);
  const panels = [
    <CameraPanel key="camera" gate={gate} />,
    <DisplayPanel key="display" id="pi-display" gate={quiet(boardGate)} />,
    <HomeScreenPanel key="home" gate={gate} />,
    <PiInfoPanel key="info" gate={gate} />,
    <BroadcastPanel key="kv" id="key-value" gate={quiet(boardGate)} />,
    <PiNetworkPanel key="network" gate={gate} />,
    <EmailSmsPanel key="email" gate={gate} />,
    <PiPowerPanel key="power" gate={gate} />,
  ];
  // A connected, matching board that is not a Pi-topping never reports a Pi.
  const notPiBoard =
    boardGate.reason === null && piGate.reason !== null && boardGate.boardType !== BoardType.fifth;
  return (
    <Screen titleId="raspberry-title" title={t('raspberry.title')}>
      {piGate.reason !== null && (
        <Alert variant="light" className="border" data-testid="raspberry-help">
          <p className="fw-semibold mb-1" data-testid="raspberry-reason">
            {notPiBoard ? t('raspberry.notPiBoard') : piGate.reason}
          </p>
          <p className="mb-1">{t('raspberry.howToGetPi')}</p>
          <p className="mb-0 small">{t('raspberry.virtualPi')}</p>
        </Alert>
      )}
      <div className="panel-grid">
        {panels.map((p) => (
          <div key={p.key}>{p}</div>
        ))}
      </div>
    </Screen>
  );
}
