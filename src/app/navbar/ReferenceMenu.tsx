// Reference: project examples (a dialog) and the documentation in the current language.
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { openModal } from '../../state/ui.ts';
import { DOCS_URLS } from '../links.ts';
import { useCurrentLanguage } from './use-current-language.ts';

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
        <Dropdown.Item as="button" onClick={() => openModal('examples')}>
          <i className="bi bi-journal-code me-2" aria-hidden="true" />
          {t('reference.examples')}
        </Dropdown.Item>
        <Dropdown.Item href={DOCS_URLS[language.code]} target="_blank" rel="noopener noreferrer">
          <i className="bi bi-question-circle me-2" aria-hidden="true" />
          {t('reference.documentation')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
