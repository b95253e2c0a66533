// The class's access code, large enough to read from the back of a room, with Copy and
// Rotate (the old code stops working at once), and where students type it.
import { useTranslation } from 'react-i18next';
import { confirm } from '../../shell/confirm.ts';
import { appRouteHref } from '../../shell/links.ts';
import { formatAccessCode, type Class } from '../../contract/classroom.ts';
import { showToast } from '../../state/ui.ts';
import { classCache, classroom } from '../runtime.ts';

export default function AccessCodeTab({ klass }: { klass: Class }) {
  const { t } = useTranslation('classroom');
  const code = klass.access_code ?? '';
  const shown = formatAccessCode(code);
  const joinLink = new URL(appRouteHref(`/classroom/enroll?code=${code}`), window.location.href)
    .href;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shown);
      showToast('success', t('accessCode.copied'));
    } catch {
      showToast('warning', t('accessCode.copyFailed'));
    }
  };
  const rotate = async () => {
    if (!(await confirm(t('accessCode.confirmRotate')))) return;
    try {
      const { access_code } = await classroom.rotateAccessCode(klass.uuid);
      classCache.put({ ...klass, access_code });
      showToast('success', t('accessCode.rotated'));
    } catch {
      // shown by the API client
    }
  };

  return (
    <section className="text-center py-3" aria-labelledby="access-code-title">
      <h2 id="access-code-title" className="h5">
        {t('tabs.access-code')}
      </h2>
      <p className="access-code my-3" data-testid="access-code">
        {shown}
      </p>
      <div className="d-flex justify-content-center gap-2 mb-3">
        <button type="button" className="btn btn-primary" onClick={() => void copy()}>
          <i className="bi bi-clipboard me-1" aria-hidden="true" />
          {t('accessCode.copy')}
        </button>
        {klass.permissions.edit && (
          <button type="button" className="btn btn-outline-danger" onClick={() => void rotate()}>
            <i className="bi bi-arrow-repeat me-1" aria-hidden="true" />
            {t('accessCode.rotate')}
          </button>
        )}
      </div>
      <p className="text-body-secondary mb-1">{t('accessCode.howToJoin')}</p>
      <p className="small text-break">
        <a href={joinLink}>{joinLink}</a>
      </p>
    </section>
  );
}
