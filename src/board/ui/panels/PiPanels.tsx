// The Raspberry Pi (Pi-topping) panels of /raspberry (board-protocol §2.5, §3.3).
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { emailStatusKey, smsStatusKey, wifiStatusKey } from '../../../device/board-state.ts';
import * as cmd from '../../../device/protocol/commands.ts';
import { useCommandSender } from '../../../device/ui/use-device.ts';
import { board } from '../../../state/board.ts';
import Panel from '../Panel.tsx';
import type { BoardGate } from '../use-board-gate.ts';
import WifiForm from './WifiForm.tsx';
import { CompactField, CompactForm } from '../../../ui/compact-form/CompactForm.tsx';
import ActionButton from './ActionButton.tsx';

export function CameraPanel({ gate }: { gate: BoardGate }) {
  const { t } = useTranslation('board');
  const live = useSnapshot(board);
  const { send, error } = useCommandSender();
  const cam = live.pi?.camera;
  return (
    <Panel id="camera" title={t('camera.title')} disabledReason={gate.reason} error={error}>
      <div className="d-flex flex-wrap gap-1">
        <ActionButton onClick={() => void send(cmd.piCamera(!cam?.on))}>
          {cam?.on ? t('camera.off') : t('camera.on')}
        </ActionButton>
        <ActionButton onClick={() => void send(cmd.piFindFace(!cam?.findFace))}>
          {cam?.findFace ? t('camera.findFaceOff') : t('camera.findFaceOn')}
        </ActionButton>
        <ActionButton onClick={() => void send(cmd.piSnapshot(true))}>
          {t('camera.snapshot')}
        </ActionButton>
      </div>
      <p className="small mb-0" data-testid="camera-state">
        {cam?.on ? t('camera.isOn') : t('camera.isOff')}
        {cam?.findFace && ` · ${t('camera.finding')}`}
        {cam?.faceFound && ` · ${t('camera.faceFound')}`}
      </p>
    </Panel>
  );
}

export function PiInfoPanel({ gate }: { gate: BoardGate }) {
  const { t } = useTranslation('board');
  const live = useSnapshot(board);
  const pi = live.pi;
  return (
    <Panel id="pi-info" title={t('piInfo.title')} disabledReason={gate.reason}>
      {pi && (
        <dl className="row small mb-0" data-testid="pi-info">
          <dt className="col-6">{t('piInfo.revision')}</dt>
          <dd className="col-6 mb-1">{pi.revision}</dd>
          <dt className="col-6">{t('piInfo.ip')}</dt>
          <dd className="col-6 mb-1">{pi.ipAddress}</dd>
          <dt className="col-6">{t('piInfo.wlanIp')}</dt>
          <dd className="col-6 mb-1">{pi.wlanIpAddress}</dd>
          <dt className="col-6">{t('piInfo.cpuLoad')}</dt>
          <dd className="col-6 mb-1">{pi.cpuLoad}%</dd>
          <dt className="col-6">{t('piInfo.cpuTemp')}</dt>
          <dd className="col-6 mb-1">{pi.cpuTemp} °C</dd>
          <dt className="col-6">{t('piInfo.memory')}</dt>
          <dd className="col-6 mb-0">{pi.memoryUsed}%</dd>
        </dl>
      )}
    </Panel>
  );
}

/** The Pi's touch screen: the last tap, and clearing the tap flag (register 20 = 0). */
export function HomeScreenPanel({ gate }: { gate: BoardGate }) {
  const { t } = useTranslation('board');
  const live = useSnapshot(board);
  const { send, error } = useCommandSender();
  const pi = live.pi;
  return (
    <Panel
      id="home-screen"
      title={t('homeScreen.title')}
      disabledReason={gate.reason}
      error={error}
    >
      <p className="small mb-0">
        {pi?.tapped ? t('homeScreen.tapped', pi.tap) : t('homeScreen.notTapped')}
      </p>
      <ActionButton onClick={() => void send(cmd.piClearTap())}>
        {t('homeScreen.clear')}
      </ActionButton>
    </Panel>
  );
}

export function PiNetworkPanel({ gate }: { gate: BoardGate }) {
  const { t } = useTranslation('board');
  const { t: td } = useTranslation('device');
  const live = useSnapshot(board);
  const { send, error } = useCommandSender();
  return (
    <Panel id="pi-network" title={t('piNetwork.title')} disabledReason={gate.reason} error={error}>
      <WifiForm
        onSubmit={(ssid, password) => void send(cmd.piWifiConnect(ssid, password))}
        actions={(hasSsid) => (
          <div className="d-flex gap-2">
            <Button size="sm" type="submit" disabled={!hasSsid}>
              {t('piNetwork.connect')}
            </Button>
            <ActionButton
              variant="outline-secondary"
              onClick={() => void send(cmd.piWifiDisconnect())}
            >
              {t('piNetwork.disconnect')}
            </ActionButton>
          </div>
        )}
      />
      <p className="small mb-0" data-testid="pi-wifi-status">
        {td(`pi.wifiStatus.${wifiStatusKey(live.pi?.wifiStatus ?? 0)}`)}
      </p>
    </Panel>
  );
}

export function EmailSmsPanel({ gate }: { gate: BoardGate }) {
  const { t } = useTranslation('board');
  const { t: td } = useTranslation('device');
  const live = useSnapshot(board);
  const { send, error } = useCommandSender();
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const [to, setTo] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [number, setNumber] = useState('');
  const [message, setMessage] = useState('');
  return (
    <Panel id="email-sms" title={t('emailSms.title')} disabledReason={gate.reason} error={error}>
      <CompactForm onSubmit={() => void send(cmd.piEmailConfig(user, password))}>
        <CompactField label={t('emailSms.user')} value={user} onChange={setUser} type="email" />
        <CompactField
          label={t('emailSms.password')}
          value={password}
          onChange={setPassword}
          type="password"
        />
        <Button size="sm" type="submit" variant="outline-primary">
          {t('emailSms.configure')}
        </Button>
      </CompactForm>
      <CompactForm onSubmit={() => void send(cmd.piEmailSend(to, subject, body))}>
        <CompactField label={t('emailSms.to')} value={to} onChange={setTo} type="email" />
        <CompactField label={t('emailSms.subject')} value={subject} onChange={setSubject} />
        <CompactField label={t('emailSms.body')} value={body} onChange={setBody} />
        <Button size="sm" type="submit">
          {t('emailSms.sendEmail')}
        </Button>
        <p className="small mb-0" data-testid="pi-email-status">
          {td(`pi.emailStatus.${emailStatusKey(live.pi?.emailStatus ?? 0)}`)}
        </p>
      </CompactForm>
      <CompactForm onSubmit={() => void send(cmd.piSmsSend(number, message))}>
        <CompactField label={t('emailSms.number')} value={number} onChange={setNumber} type="tel" />
        <CompactField label={t('emailSms.message')} value={message} onChange={setMessage} />
        <Button size="sm" type="submit">
          {t('emailSms.sendSms')}
        </Button>
        <p className="small mb-0" data-testid="pi-sms-status">
          {td(`pi.smsStatus.${smsStatusKey(live.pi?.smsStatus ?? 0)}`)}
        </p>
      </CompactForm>
    </Panel>
  );
}

export function PiPowerPanel({ gate }: { gate: BoardGate }) {
  const { t } = useTranslation('board');
  const { send, error } = useCommandSender();
  return (
    <Panel id="pi-power" title={t('piPower.title')} disabledReason={gate.reason} error={error}>
      <div className="d-flex gap-2">
        <ActionButton
          variant="outline-warning"
          onClick={() => window.confirm(t('piPower.rebootConfirm')) && void send(cmd.piReboot())}
        >
          {t('piPower.reboot')}
        </ActionButton>
        <ActionButton
          variant="outline-danger"
          onClick={() =>
            window.confirm(t('piPower.shutdownConfirm')) && void send(cmd.piShutdown())
          }
        >
          {t('piPower.shutdown')}
        </ActionButton>
      </div>
    </Panel>
  );
}
