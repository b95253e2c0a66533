// The language picker dialog (from the profile menu): the languages with their flags.
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../i18n/index.ts';
import { LANGUAGES } from '../../i18n/languages.ts';
import FlagIcon from '../navbar/FlagIcon.tsx';
import { useCurrentLanguage } from '../../shell/ui/use-current-language.ts';
import DialogHeader from '../../ui/dialog-header/DialogHeader.tsx';

export default function LanguageModal({ onHide }: { onHide: () => void }) {
  const { t } = useTranslation('shell');
  const current = useCurrentLanguage();
  return (
    <Modal show onHide={onHide} size="sm" centered aria-labelledby="language-title">
      <DialogHeader titleId="language-title" title={t('language.title')} />
      <Modal.Body>
        <div className="list-group">
          {LANGUAGES.map((lang) => (
            <button
              key={lang.code}
              type="button"
              lang={lang.locale}
              className={`list-group-item list-group-item-action${lang.code === current.code ? ' active' : ''}`}
              aria-current={lang.code === current.code ? 'true' : undefined}
              onClick={() => {
                void changeLanguage(lang);
                onHide();
              }}
            >
              <FlagIcon code={lang.code} /> <span className="ms-2">{lang.nativeName}</span>
            </button>
          ))}
        </div>
      </Modal.Body>
    </Modal>
  );
}
