// /gogoboard: live panels for a connected GoGo board (spec classroom §2).
// Every panel is disabled while no matching board is connected; the reason shows once.
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
import { quiet, useBoardGate } from '../../device/ui/use-board-gate.ts';
import Screen from '../../shell/ui/Screen.tsx';
import { TmBoardPanel } from '../../labs/index.ts';
import { BoardBridgePanel } from '../../webui/index.ts';

export default function GogoboardPage() {
  const { t } = useTranslation('board');
  const gate = useBoardGate();
  // The page says why once, above the panels; each panel is only disabled.
  const panelGate = quiet(gate);
  const panels = [
    <SensorsPanel key="sensors" gate={panelGate} />,
    <MotorsPanel key="motors" gate={panelGate} />,
    <ServoPanel key="servo" gate={panelGate} />,
    <ServoRelayPanel key="relay" gate={panelGate} />,
    <DisplayPanel key="display" gate={panelGate} />,
    <BuiltinSensorsPanel key="builtin" gate={panelGate} />,
    <RtcPanel key="rtc" gate={panelGate} />,
    <VoicePanel key="voice" gate={panelGate} />,
    <BeepLedPanel key="beep" gate={panelGate} />,
    <BroadcastPanel key="broadcast" gate={panelGate} />,
    <TasmotaPanel key="tasmota" gate={panelGate} />,
    <PingPanel key="ping" gate={panelGate} />,
    <NetworkPanel key="network" gate={panelGate} />,
    <TmBoardPanel key="teachable" gate={panelGate} />,
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
