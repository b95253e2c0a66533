// One extension (docs/extensions.md): its image, name, short and long description, the
// contributor, the firmware core it needs, the languages it speaks and its blocks; Add or
// Remove; for its contributor Edit code (extension-edit mode), Edit details and Archive;
// for moderators Archive and Mark as official.
import './extensions.css';
import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { useDocumentTitle } from '../../shell/ui/use-document-title.ts';
import type { Extension, ExtensionLocale } from '../../contract/extensions.ts';
import type * as ExtensionsService from '../extensions-service.ts';
import { imageSrc } from '../../contract/projects.ts';
import { languageByLocale } from '../../i18n/languages.ts';
import LoginPrompt from '../../ui/login-prompt/LoginPrompt.tsx';
import { extensionHue, extensions, textsFor } from '../../state/extensions.ts';
import { session } from '../../state/session.ts';
import { ui } from '../../state/ui.ts';
import Markdown from '../../ui/markdown/Markdown.tsx';
import { ExtensionImage } from './ExtensionCard.tsx';
import Loading from '../../ui/busy/Loading.tsx';
import IconButton from '../../ui/icon-button/IconButton.tsx';

type State = { extension: Extension | null; failed: boolean };

export default function ExtensionPage() {
  const { t } = useTranslation(['extensions', 'screens', 'remix']);
  const { uuid = '' } = useParams();
  const s = useSnapshot(session);
  const { offline } = useSnapshot(ui);
  const addedList = useSnapshot(extensions).added;
  const [state, setState] = useState<State>({ extension: null, failed: false });
  const [busy, setBusy] = useState(false);
  const e = state.extension;
  useDocumentTitle(e?.name ?? t('screens:extension.title'));

  useEffect(() => {
    if (!s.user || offline) return;
    let current = true;
    void import('../runtime.ts')
      .then(({ extensionApi }) => extensionApi.extension(uuid, { quiet: true }))
      .then(
        (extension) => current && setState({ extension, failed: false }),
        () => current && setState({ extension: null, failed: true }),
      );
    return () => {
      current = false;
    };
  }, [uuid, s.user, offline]);

  const act = async (work: (service: typeof ExtensionsService) => Promise<Extension | null>) => {
    setBusy(true);
    try {
      const next = await work(await import('../extensions-service.ts'));
      if (next) setState({ extension: next, failed: false });
    } catch {
      // The API client showed why.
    } finally {
      setBusy(false);
    }
  };

  // Every state of the page has its screen's heading (a visitor, offline, not found).
  if (offline) {
    return (
      <section className="container-xl py-3">
        <h1 className="h3">{t('screens:extensions.title')}</h1>
        <div className="alert alert-warning">{t('global:mapping.offline')}</div>
      </section>
    );
  }
  if (!s.user) {
    return (
      <section className="container-xl py-3">
        <h1 className="h3">{t('screens:extensions.title')}</h1>
        <LoginPrompt text={t('remix:loginToSee')} />
      </section>
    );
  }
  if (state.failed) {
    return (
      <section className="container-xl py-3">
        <h1 className="h3">{t('screens:extensions.title')}</h1>
        <div className="alert alert-warning" role="alert">
          {t('global:mapping.extension_not_found')}
        </div>
        <Link to="/extensions">{t('backToList')}</Link>
      </section>
    );
  }
  if (!e) return <Loading />;

  const added = addedList.some((x) => x.uuid === e.uuid);
  const texts = textsFor(e.library.texts, i18next.language) ?? e.library.texts.en;
  const languages = (Object.keys(e.library.texts) as ExtensionLocale[])
    .map((l) => languageByLocale(l)?.nativeName ?? l)
    .join(', ');
  const core = imageSrc(e.firmwareCore);
  const colour = `hsl(${extensionHue(e.uuid)}, 45%, 45%)`;

  return (
    <section className="container-xl py-3" data-screen="extension" data-testid="extension-page">
      <Link to="/extensions" className="small">
        <i className="bi bi-arrow-left me-1" aria-hidden="true" />
        {t('backToList')}
      </Link>
      <div className="row g-4 mt-1">
        <div className="col-md-4">
          <ExtensionImage url={e.imageUrl} className="header-banner extension-banner" />
        </div>
        <div className="col-md-8 d-grid gap-2 align-content-start">
          <h1 className="h3 mb-0 d-flex flex-wrap align-items-center gap-2">
            {e.name}
            {e.isOfficial && <span className="badge text-bg-primary fs-6">{t('official')}</span>}
            {e.isArchived && <span className="badge text-bg-secondary fs-6">{t('archived')}</span>}
          </h1>
          {e.shortDescription && <p className="lead mb-0">{e.shortDescription}</p>}
          <dl className="row small mb-0">
            <dt className="col-sm-4">{t('contributor')}</dt>
            <dd className="col-sm-8">{e.contributor.name || t('anonymous')}</dd>
            <dt className="col-sm-4">{t('version')}</dt>
            <dd className="col-sm-8" data-testid="extension-version">
              {e.version}
            </dd>
            <dt className="col-sm-4">{t('usersLabel')}</dt>
            <dd className="col-sm-8">{e.users}</dd>
            <dt className="col-sm-4">{t('languages')}</dt>
            <dd className="col-sm-8">{languages}</dd>
            <dt className="col-sm-4">{t('firmwareCore')}</dt>
            <dd className="col-sm-8">
              {core ? (
                <a href={core} target="_blank" rel="noopener noreferrer nofollow">
                  {e.firmwareCore}
                </a>
              ) : (
                t('anyFirmware')
              )}
            </dd>
          </dl>
          <div className="d-flex flex-wrap gap-2">
            <IconButton
              icon={added ? 'dash-circle' : 'plus-circle'}
              className={added ? 'btn btn-outline-danger' : 'btn btn-primary'}
              disabled={busy}
              onClick={() =>
                void act(async (svc) =>
                  added ? svc.removeExtension(e.uuid) : svc.addExtension(e.uuid),
                )
              }
            >
              {t(added ? 'remove' : 'add')}
            </IconButton>
            {e.isEditable && (
              <>
                <Link className="btn btn-outline-primary" to={`/extension/${e.uuid}`}>
                  <i className="bi bi-pencil-square me-1" aria-hidden="true" />
                  {t('editCode')}
                </Link>
                <IconButton
                  icon="card-text"
                  className="btn btn-outline-secondary"
                  disabled={busy}
                  onClick={() => void act(async (svc) => svc.editExtensionDetails(e))}
                >
                  {t('editDetails')}
                </IconButton>
              </>
            )}
            {(e.isEditable || s.isModerator) && (
              <button
                type="button"
                className="btn btn-outline-secondary"
                disabled={busy}
                onClick={() =>
                  void act(async () =>
                    (await import('../runtime.ts')).extensionApi.archive(e.uuid, !e.isArchived),
                  )
                }
              >
                <i
                  className={`bi bi-${e.isArchived ? 'box-arrow-up' : 'archive'} me-1`}
                  aria-hidden="true"
                />
                {e.isArchived ? t('unarchive') : t('archive')}
              </button>
            )}
            {s.isModerator && (
              <IconButton
                icon="patch-check"
                className="btn btn-outline-secondary"
                disabled={busy}
                onClick={() =>
                  void act(async () =>
                    (await import('../runtime.ts')).extensionApi.markAs(e.uuid, !e.isOfficial),
                  )
                }
              >
                {e.isOfficial ? t('unmarkOfficial') : t('markOfficial')}
              </IconButton>
            )}
          </div>
        </div>
      </div>
      <h2 className="h5 mt-4">{t('blocksOf', { category: texts.category })}</h2>
      <ul className="list-unstyled d-flex flex-wrap gap-2" data-testid="extension-blocks">
        {e.library.procedures.map((p) => (
          <li key={p.name}>
            <span
              className={`extension-block${p.output ? ' reporter' : ''}`}
              style={{ background: colour }}
            >
              {texts.blocks[p.name] ?? e.library.texts.en.blocks[p.name] ?? p.name}
              {p.params.map((param) => (
                <span className="param" key={param}>
                  {param}
                </span>
              ))}
            </span>
          </li>
        ))}
      </ul>
      {e.description && (
        <>
          <h2 className="h5 mt-4">{t('about')}</h2>
          <Markdown text={e.description} />
        </>
      )}
    </section>
  );
}
