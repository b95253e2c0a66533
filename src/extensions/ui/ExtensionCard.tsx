// One extension in a list: image, name, short description, contributor, official and
// archived marks, how many use it, and Add / Remove.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ExtensionSummary } from '../../contract/extensions.ts';
import { headerImageSrc } from '../../contract/classroom.ts';
import HeaderImage from '../../ui/header-image/HeaderImage.tsx';
import IconButton from '../../ui/icon-button/IconButton.tsx';

interface ExtensionCardProps {
  extension: ExtensionSummary;
  added: boolean;
  busy: boolean;
  onAdd: () => void;
  onRemove: () => void;
}

export function ExtensionImage({ url, className }: { url: string; className: string }) {
  return <HeaderImage src={headerImageSrc(url)} className={className} icon="boxes" />;
}

export default function ExtensionCard({
  extension: e,
  added,
  busy,
  onAdd,
  onRemove,
}: ExtensionCardProps) {
  const { t } = useTranslation('extensions');
  return (
    <article className="card h-100" data-testid="extension-card">
      <ExtensionImage url={e.imageUrl} className="card-img-top extension-card-image" />
      <div className="card-body d-flex flex-column gap-1">
        <h2 className="h6 card-title mb-0 d-flex align-items-center gap-1">
          <Link
            to={`/extensions/${e.uuid}`}
            className="stretched-link text-decoration-none text-truncate"
          >
            {e.name}
          </Link>
          {e.isOfficial && <span className="badge text-bg-primary">{t('official')}</span>}
          {e.isArchived && <span className="badge text-bg-secondary">{t('archived')}</span>}
        </h2>
        {e.shortDescription && <p className="small mb-0">{e.shortDescription}</p>}
        <div className="small text-body-secondary text-truncate mt-auto">
          {t('by', { name: e.contributor.name || t('anonymous') })}
        </div>
        <div className="small" aria-label={t('users', { n: e.users })}>
          <i className="bi bi-people me-1" aria-hidden="true" />
          {e.users}
        </div>
      </div>
      <div className="card-footer bg-transparent position-relative z-2">
        <IconButton
          icon={added ? 'dash-circle' : 'plus-circle'}
          className={added ? 'btn btn-sm btn-outline-danger' : 'btn btn-sm btn-primary'}
          disabled={busy}
          onClick={added ? onRemove : onAdd}
        >
          {t(added ? 'remove' : 'add')}
        </IconButton>
      </div>
    </article>
  );
}
