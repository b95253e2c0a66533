// The virtual board's firmware: what it is enumerated as (the application, or the STM32
// bootloader an update restarts it in), what its flash memories hold, and an update being
// received — so a firmware update can be watched from the board's side.
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { BoardType } from '../../device/device.ts';
import { firmwareVersionText } from '../../device/firmware-version.ts';
import type { FirmwareSimState } from '../firmware/simulated-device.ts';
import { getSimHost } from '../host/sim-host.ts';
import SimTitledSection from './SimTitledSection.tsx';

const LEGACY: ReadonlySet<number> = new Set([BoardType.original, BoardType.fifth]);

/** Reads its own slice of the simulator's store: during an update only this part of the
 * panel re-renders. */
export default function SimFirmwarePanel(props: { boardType: number }) {
  const { t } = useTranslation('firmware');
  const f = useSnapshot(getSimHost().store).firmware as FirmwareSimState | null;
  const version = (v: { version: number | null; semver: string }) =>
    v.version === null
      ? t('sim.incomplete')
      : firmwareVersionText({ version: v.version, semver: v.semver || null });
  const gogo6 = props.boardType === BoardType.v6;
  const legacy = LEGACY.has(props.boardType);
  if (!f || (!gogo6 && !legacy)) return null;
  return (
    <SimTitledSection titleId="sim-firmware" title={t('sim.title')} testId="sim-firmware">
      <dl className="small mb-0 d-grid gap-1" style={{ gridTemplateColumns: 'auto 1fr' }}>
        <dt>{t('sim.mode')}</dt>
        <dd className="mb-0" data-testid="sim-firmware-mode">
          {t(`sim.modes.${f.mode}`)}
        </dd>
        {gogo6 && (
          <>
            <dt>{t('sim.stm')}</dt>
            <dd className="mb-0" data-testid="sim-stm-version">
              {version(f.stm)}
            </dd>
            <dt>{t('sim.esp')}</dt>
            <dd className="mb-0" data-testid="sim-esp-version">
              {version(f.esp)}
            </dd>
            {f.mode === 'esp-receive' && (
              <>
                <dt>{t('sim.receiving')}</dt>
                <dd className="mb-0">
                  {t('sim.bytes', { received: f.esp.received, total: f.esp.total })}
                </dd>
              </>
            )}
            {f.mode === 'bootloader' && (
              <>
                <dt>{t('sim.pages')}</dt>
                <dd className="mb-0" data-testid="sim-stm-pages">
                  {f.stm.pagesWritten}
                </dd>
              </>
            )}
          </>
        )}
        {legacy && (
          <>
            <dt>{t('sim.legacyFirmware')}</dt>
            <dd className="mb-0" data-testid="sim-legacy-version">
              {f.legacy.firmware ?? t('sim.incomplete')}
            </dd>
            <dt>{t('sim.legacyBootloader')}</dt>
            <dd className="mb-0">{f.legacy.bootloader ?? t('sim.incomplete')}</dd>
          </>
        )}
      </dl>
    </SimTitledSection>
  );
}
