// The Versions tab of the widget area: the programs kept when something replaced the open
// one (docs/program.md "Versions"), newest first, each with why, when and its name, and
// Restore. A restore keeps the program it replaces, so it can be undone the same way.
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { restoreVersion, versionsState } from '../../program/index.ts';
import { showToast } from '../../state/ui.ts';

export default function VersionsPane() {
  const { t, i18n } = useTranslation('editor');
  const { list } = useSnapshot(versionsState);
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const restore = (id: string) => {
    if (restoreVersion(id)) showToast('success', t('versions.restored'));
  };

  return (
    <section className="versions-pane px-3 pt-2" aria-labelledby="versions-title">
      <h2 id="versions-title" className="h6 mb-1">
        {t('versions.title')}
      </h2>
      <p className="small text-body-secondary mb-2">{t('versions.intro')}</p>
      {list.length === 0 ? (
        <p className="small">{t('versions.empty')}</p>
      ) : (
        <ol className="list-unstyled mb-2">
          {list.map((v) => (
            <li
              key={v.id}
              className="border rounded bg-body p-2 mb-2 small"
              data-testid="program-version"
              data-reason={v.reason}
              aria-labelledby={`version-${v.id}`}
            >
              <div id={`version-${v.id}`} className="fw-semibold text-break">
                {v.name || t('versions.untitled')}
              </div>
              <div>{t(`versions.reason.${v.reason}`)}</div>
              <div className="text-body-secondary">
                <time dateTime={new Date(v.keptAt).toISOString()}>{time.format(v.keptAt)}</time>
              </div>
              <button
                type="button"
                className="btn btn-sm btn-outline-primary mt-1"
                aria-describedby={`version-${v.id}`}
                onClick={() => restore(v.id)}
              >
                {t('versions.restore')}
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
