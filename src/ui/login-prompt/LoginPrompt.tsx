import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/**
 * Shown instead of what needs an account (spec core §6: visitors cannot list projects; the
 * classroom is for signed-in users): why, and a way to log in.
 */
export default function LoginPrompt({ text }: { text: string }) {
  const { t } = useTranslation('ui');
  return (
    <div className="alert alert-info d-flex flex-wrap align-items-center gap-2" role="note">
      <i className="bi bi-person-lock" aria-hidden="true" />
      <span>{text}</span>
      <Link to="/auth/login" className="btn btn-sm btn-primary ms-auto">
        {t('loginPrompt.login')}
      </Link>
    </div>
  );
}
