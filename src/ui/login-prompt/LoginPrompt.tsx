import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** Shown instead of cloud content to visitors (spec core §6: visitors cannot list projects). */
export default function LoginPrompt() {
  const { t } = useTranslation('remix');
  return (
    <div className="alert alert-info d-flex flex-wrap align-items-center gap-2" role="note">
      <i className="bi bi-person-lock" aria-hidden="true" />
      <span>{t('loginToSee')}</span>
      <Link to="/auth/login" className="btn btn-sm btn-primary ms-auto">
        {t('login')}
      </Link>
    </div>
  );
}
