// /gogoboard: live panels for a connected GoGo board (spec classroom §2).
// Every panel is disabled, with the reason, while no matching board is connected.
import { useTranslation } from 'react-i18next';
import BeepLedPanel from './panels/BeepLedPanel.tsx';
import BroadcastPanel from './panels/BroadcastPanel.tsx';
import BuiltinSensorsPanel from './panels/BuiltinSensorsPanel.tsx';
import DisplayPanel from './panels/DisplayPanel.tsx';
import MotorsPanel from './panels/MotorsPanel.tsx';
import NetworkPanel from './panels/NetworkPanel.tsx';
import PingPanel from './panels/PingPanel.tsx';
import RtcPanel from './panels/RtcPanel.tsx';
import SensorsPanel from './panels/SensorsPanel.tsx';
import TasmotaPanel from './panels/TasmotaPanel.tsx';
import { ServoPanel, ServoRelayPanel } from './panels/ServoPanel.tsx';
import VoicePanel from './panels/VoicePanel.tsx';
import { useBoardGate } from './use-board-gate.ts';
import Screen from '../../shell/ui/Screen.tsx';
import TmBoardPanel from '../../labs/teachable-machine/ui/TmBoardPanel.tsx';
import BoardBridgePanel from '../../webui/ui/BoardBridgePanel.tsx';

export default function GogoboardPage() {
  const { t } = useTranslation('board');
  const gate = useBoardGate();
  const panels = [
    <SensorsPanel key="sensors" gate={gate} />,
    <MotorsPanel key="motors" gate={gate} />,
    <ServoPanel key="servo" gate={gate} />,
    <ServoRelayPanel key="relay" gate={gate} />,
    <DisplayPanel key="display" gate={gate} />,
    <BuiltinSensorsPanel key="builtin" gate={gate} />,
    <RtcPanel key="rtc" gate={gate} />,
    <VoicePanel key="voice" gate={gate} />,
    <BeepLedPanel key="beep" gate={gate} />,
    <BroadcastPanel key="broadcast" gate={gate} />,
    <TasmotaPanel key="tasmota" gate={gate} />,
    <PingPanel key="ping" gate={gate} />,
    <NetworkPanel key="network" gate={gate} />,
    <TmBoardPanel key="teachable" gate={gate} />,
    <BoardBridgePanel key="webui-bridge" />,
  ];
  return (
    <Screen titleId="gogoboard-title" title={t('gogoboard.title')}>
      {gate.reason && (
        <p className="text-body-secondary" data-testid="gogoboard-reason">
          {gate.reason}
        </p>
      )}
      <div className="panel-grid">
        {panels.map((p) => (
          <div key={p.key}>{p}</div>
        ))}
      </div>
    </Screen>
  );
}
