// The stand-in for a screen a later issue builds: its title and what it is for.
import { useTranslation } from 'react-i18next';
import type { ScreenId } from '../screens.ts';
import { useDocumentTitle } from '../use-document-title.ts';

export default function ScreenPlaceholder({ screen }: { screen: ScreenId }) {
  const { t } = useTranslation('screens');
  const title = t(`${screen}.title`);
  useDocumentTitle(title);
  return (
    <section className="container py-4" aria-labelledby="screen-title" data-screen={screen}>
      <h1 id="screen-title" className="h3">
        {title}
      </h1>
      <p className="lead">{t(`${screen}.purpose`)}</p>
      <p className="text-body-secondary">
        <i className="bi bi-cone-striped me-2" aria-hidden="true" />
        {t('comingSoon')}
      </p>
    </section>
  );
}
