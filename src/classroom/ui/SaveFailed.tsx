// The alert under a form whose save failed; the form keeps what the user typed.
import { useTranslation } from 'react-i18next';

export default function SaveFailed({ className = 'py-2 mb-0' }: { className?: string }) {
  const { t } = useTranslation('classroom');
  return (
    <p className={`alert alert-danger ${className}`} role="alert">
      {t('unableToSave')}
    </p>
  );
}
