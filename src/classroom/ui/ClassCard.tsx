// A class as a card: header image, name, owner, how many lessons and students.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { headerImageSrc, type Class } from '../../contract/classroom.ts';
import HeaderImage from '../../ui/header-image/HeaderImage.tsx';

export function ClassImage({ url, className }: { url: string; className: string }) {
  return <HeaderImage src={headerImageSrc(url)} className={className} icon="mortarboard" />;
}

export default function ClassCard({ klass }: { klass: Class }) {
  const { t } = useTranslation('classroom');
  return (
    <article className="card h-100" data-testid="class-card">
      <ClassImage url={klass.headerImage} className="card-img-top classroom-card-image" />
      <div className="card-body d-flex flex-column gap-1">
        <h3 className="h6 card-title mb-0">
          <Link
            to={`/classroom/classd/${klass.uuid}/overview`}
            className="stretched-link text-break"
          >
            {klass.name}
          </Link>
        </h3>
        <p className="small text-body-secondary mb-0">
          {t('card.owner', { name: klass.owner.name || t('unnamed') })}
        </p>
        <p className="small mb-0">
          {t('card.counts', { lessons: klass.lessonCount, students: klass.studentCount })}
        </p>
        <div className="mt-auto d-flex gap-1 flex-wrap">
          {klass.official && <span className="badge text-bg-success">{t('official')}</span>}
          {klass.role !== 'none' && (
            <span className="badge text-bg-secondary">{t(`role.${klass.role}`)}</span>
          )}
        </div>
      </div>
    </article>
  );
}
