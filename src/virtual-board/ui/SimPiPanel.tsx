// The virtual Raspberry Pi's part of the simulator panel: its status, the last camera
// snapshot, a screen tap, and key-value messages from the Pi side.
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { emailStatusKey, smsStatusKey, wifiStatusKey } from '../../device/board-state.ts';
import type { PiSimState } from '../board/pi-companion.ts';
import { getSimHost } from '../host/sim-host.ts';
import { CompactField, CompactForm } from '../../ui/compact-form/CompactForm.tsx';
import SimTitledSection from './SimTitledSection.tsx';

export default function SimPiPanel({ pi }: { pi: PiSimState }) {
  const { t } = useTranslation('device');
  const host = getSimHost();
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  return (
    <SimTitledSection titleId="sim-pi-title" title={t('sim.piTitle')} testId="sim-pi">
      <dl className="row small mb-1">
        <dt className="col-4">{t('sim.piPower')}</dt>
        <dd className="col-8 mb-1">
          {pi.alive ? t('sim.on') : t('sim.off')}
          {!pi.alive && (
            <Button size="sm" variant="link" className="p-0 ms-2" onClick={() => host.powerOnPi()}>
              {t('sim.powerOn')}
            </Button>
          )}
        </dd>
        <dt className="col-4">{t('sim.wifi')}</dt>
        <dd className="col-8 mb-1">
          {pi.wifi.ssid && `${pi.wifi.ssid}: `}
          {t(`pi.wifiStatus.${wifiStatusKey(pi.wifi.status)}`)}
        </dd>
        <dt className="col-4">{t('sim.email')}</dt>
        <dd className="col-8 mb-1">{t(`pi.emailStatus.${emailStatusKey(pi.email.status)}`)}</dd>
        <dt className="col-4">{t('sim.sms')}</dt>
        <dd className="col-8 mb-1">{t(`pi.smsStatus.${smsStatusKey(pi.sms.status)}`)}</dd>
        <dt className="col-4">{t('sim.camera')}</dt>
        <dd className="col-8 mb-1">
          {pi.camera.on ? t('sim.on') : t('sim.off')}
          {pi.camera.findFace && ` · ${t('sim.findFace')}`}
          {pi.camera.faceFound && ` · ${t('sim.faceFound')}`}
        </dd>
      </dl>
      {pi.snapshot && (
        <figure className="mb-2">
          <img src={pi.snapshot.url} alt={t('sim.snapshotAlt')} width={160} height={120} />
          <figcaption className="small text-body-secondary">
            {t('sim.snapshotCaption', { seconds: (pi.snapshot.atMs / 1000).toFixed(1) })}
          </figcaption>
        </figure>
      )}
      <div className="d-flex gap-1 mb-1">
        <Button size="sm" variant="outline-secondary" onClick={() => host.tapPiScreen(160, 120)}>
          {t('sim.tap')}
        </Button>
      </div>
      <CompactForm
        row
        onSubmit={() => {
          if (key.trim() === '') return;
          host.sendKeyValue(key.trim(), value);
        }}
      >
        <CompactField label={t('sim.key')} value={key} onChange={setKey} />
        <CompactField label={t('sim.value')} value={value} onChange={setValue} />
        <Button size="sm" type="submit" variant="outline-primary">
          {t('sim.sendKeyValue')}
        </Button>
      </CompactForm>
    </SimTitledSection>
  );
}
