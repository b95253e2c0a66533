// The update-firmware route: the updater as a page, reachable even when the menu hides the
// item (a board an interrupted update left in its bootloader reports no board type).
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../shell/ui/use-document-title.ts';
import FirmwareUpdater from './FirmwareUpdater.tsx';

export default function UpdateFirmwarePage() {
  const { t } = useTranslation('screens');
  const title = t('updateFirmware.title');
  useDocumentTitle(title);
  return (
    <section
      className="container py-4"
      style={{ maxWidth: '42rem' }}
      aria-labelledby="screen-title"
    >
      <h1 id="screen-title" className="h3">
        {title}
      </h1>
      <p className="lead">{t('updateFirmware.purpose')}</p>
      <FirmwareUpdater />
    </section>
  );
}
