// The board link on the developer page, until the shell places the connect button in the
// navbar and routes /gogoboard and /raspberry: the button (which also shows the virtual
// board's panel) and both board pages.
import { useTranslation } from 'react-i18next';
import GogoboardPage from '../../board/GogoboardPage.tsx';
import RaspberryPage from '../../board/RaspberryPage.tsx';
import ConnectButton from './ConnectButton.tsx';

export default function BoardLinkDevSection() {
  const { t } = useTranslation('device');
  return (
    <section aria-label={t('dialog.title')} className="border-top mt-4 pt-3">
      <div className="bg-dark p-2 rounded d-flex align-items-center gap-2 mb-2">
        <ConnectButton />
      </div>
      <GogoboardPage />
      <RaspberryPage />
    </section>
  );
}
