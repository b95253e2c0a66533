// What a dashboard page shows before its dashboard is there: a spinner while it loads, or
// the reason it cannot be shown (and, below it, what the page offers instead).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Screen from '../../shell/ui/Screen.tsx';

export default function DashboardPending(props: {
  /** Why the dashboard cannot be shown; still loading while null. */
  failure: string | null;
  testId?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('webui');
  return (
    <Screen titleId="webui-title" title={t('title')} width="fixed">
      {props.failure === null ? (
        <div className="spinner-border text-secondary" aria-hidden="true" />
      ) : (
        <>
          <p className="alert alert-warning" role="alert" data-testid={props.testId}>
            {props.failure}
          </p>
          {props.children}
        </>
      )}
    </Screen>
  );
}
