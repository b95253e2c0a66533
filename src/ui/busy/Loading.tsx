// A screen's or list's "Loading…" line: a spinner and a text announced as status.
import { useTranslation } from 'react-i18next';
import Spinner from './Spinner.tsx';

interface LoadingProps {
  /** What is loading; 'Loading…' when left out. */
  text?: string;
  /** The block's layout; a roomy centred block when left out. */
  className?: string;
}

export default function Loading({ text, className = 'text-center py-5' }: LoadingProps) {
  const { t } = useTranslation('common');
  return (
    <div className={className} role="status">
      <Spinner className="me-2" />
      {text ?? t('loading')}
    </div>
  );
}
