// Language selector: a dropdown of the four interface languages with their flags.
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../i18n/index.ts';
import { LANGUAGES } from '../../i18n/languages.ts';
import FlagIcon from './FlagIcon.tsx';
import { useCurrentLanguage } from '../../shell/ui/use-current-language.ts';

export default function LanguageMenu() {
  const { t } = useTranslation('shell');
  const current = useCurrentLanguage();
  return (
    <Dropdown align="end">
      <Dropdown.Toggle
        variant="link"
        className="text-body text-decoration-none d-flex align-items-center gap-1"
        aria-label={t('language.choose', { language: current.nativeName })}
        data-testid="language-menu"
      >
        <FlagIcon code={current.code} />
        <span className="d-none d-xl-inline">{current.nativeName}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {LANGUAGES.map((lang) => (
          <Dropdown.Item
            key={lang.code}
            as="button"
            lang={lang.locale}
            active={lang.code === current.code}
            aria-current={lang.code === current.code ? 'true' : undefined}
            onClick={() => void changeLanguage(lang)}
          >
            <FlagIcon code={lang.code} /> <span className="ms-1">{lang.nativeName}</span>
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
