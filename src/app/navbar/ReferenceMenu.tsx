// Reference: project examples (a dialog) and the documentation in the current language.
import { useTranslation } from 'react-i18next';
import { openModal } from '../../state/ui.ts';
import { DOCS_URLS } from '../../shell/links.ts';
import { useCurrentLanguage } from '../../shell/ui/use-current-language.ts';
import MenuItem, { NavMenu } from './MenuItem.tsx';

export default function ReferenceMenu() {
  const { t } = useTranslation('shell');
  const language = useCurrentLanguage();
  return (
    <NavMenu icon="book" label={t('reference.menu')}>
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
    </NavMenu>
  );
}
