import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/**
 * Says what needs a signed-in user, with the way to sign in: shown instead of a visitor's
 * own lists, and instead of the actions only a user has (like, remix, save).
 */
export default function LoginPrompt({ text }: { text?: string }) {
  const { t } = useTranslation('remix');
  return (
    <div className="alert alert-info d-flex flex-wrap align-items-center gap-2" role="note">
      <i className="bi bi-person-lock" aria-hidden="true" />
      <span>{text ?? t('loginToSee')}</span>
      <Link to="/auth/login" className="btn btn-sm btn-primary ms-auto">
        {t('login')}
      </Link>
    </div>
  );
}
