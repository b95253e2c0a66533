import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/**
 * Shown instead of what needs an account (a visitor's own lists; liking, remixing and saving;
 * the classroom): why, and a way to log in.
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
