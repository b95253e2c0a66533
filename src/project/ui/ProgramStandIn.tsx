// TEMPORARY stand-in for the program editor on /program/{key?} and /code/{uuid?} until the
// editor (branch `editor`) takes over these routes: it opens the program behind the route id
// (a shared key or a saved project) and shows the program as its workspace XML, editable,
// so saving, sharing and opening work end to end. Delete this file (and its two lines in
// routes.tsx) when the editor is merged; the editor then loads through
// cloudProgram.load() (see src/project/README.md).
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { ScreenId } from '../../app/screens.ts';
import { useDocumentTitle } from '../../app/use-document-title.ts';
import { program } from '../../state/program.ts';

export default function ProgramStandIn({ screen }: { screen: ScreenId }) {
  const { t } = useTranslation(['screens', 'project']);
  const { id } = useParams();
  const p = useSnapshot(program, { sync: true });
  const title = t(`${screen}.title`);
  useDocumentTitle(title);

  useEffect(() => {
    if (!id) return;
    void import('../projects-service.ts').then(({ cloudProgram }) =>
      cloudProgram.open(id, screen === 'code' ? 'project' : 'storage'),
    );
  }, [id, screen]);

  return (
    <section className="container-fluid py-3" aria-labelledby="screen-title" data-screen={screen}>
      <h1 id="screen-title" className="h4">
        {title}
      </h1>
      <p className="text-body-secondary">{t(`${screen}.purpose`)}</p>
      <label className="form-label" htmlFor="program-xml">
        {t('project:standIn.label')}
      </label>
      <textarea
        id="program-xml"
        className="form-control font-monospace"
        rows={12}
        value={p.currentWorkspaceXmlText}
        onChange={(e) => {
          program.currentWorkspaceXmlText = e.target.value;
          program.hasChanged = true;
        }}
      />
      <p className="form-text">{t('project:standIn.note')}</p>
    </section>
  );
}
