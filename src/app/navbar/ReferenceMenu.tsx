// Reference: project examples (a dialog) and the documentation in the current language.
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { openModal } from '../../state/ui.ts';
import { DOCS_URLS } from '../links.ts';
import { useCurrentLanguage } from './use-current-language.ts';
import MenuItem from './MenuItem.tsx';

export default function ReferenceMenu() {
  const { t } = useTranslation('shell');
  const language = useCurrentLanguage();
  return (
    <Dropdown align="end">
      <Dropdown.Toggle variant="link" className="text-body text-decoration-none">
        <i className="bi bi-book me-1" aria-hidden="true" />
        <span className="label-from-lg">{t('reference.menu')}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <MenuItem
          icon="journal-code"
          onClick={() => openModal('examples')}
          label={t('reference.examples')}
        />
        <MenuItem
          icon="question-circle"
          href={DOCS_URLS[language.code]}
          target="_blank"
          rel="noopener noreferrer"
          label={t('reference.documentation')}
        />
      </Dropdown.Menu>
    </Dropdown>
  );
}
