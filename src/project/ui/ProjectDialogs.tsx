// Mounted once in the shell: the project details dialog and the share dialog when the save
// flow asks for them (their code loads on first use), and the router's navigate for
// framework-free code.
import { lazy, Suspense, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { setNavigator } from '../../shell/navigation.ts';
import { closeOnRouteChange } from '../../shell/route-change.ts';
import {
  answerProjectDialog,
  closeShareDialog,
  projectDialog,
  shareDialog,
} from '../project-dialog.ts';

const ProjectDialog = lazy(() => import('./ProjectDialog.tsx'));
const ShareDialog = lazy(() => import('./ShareDialog.tsx'));

export default function ProjectDialogs() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((path, options) => void navigate(path, options));
    return () => setNavigator(null);
  }, [navigate]);
  useEffect(
    () =>
      closeOnRouteChange(() => {
        answerProjectDialog(null);
        closeShareDialog();
      }),
    [],
  );
  const { current } = useSnapshot(projectDialog);
  const { link } = useSnapshot(shareDialog);
  return (
    <Suspense fallback={null}>
      {current && <ProjectDialog key={current.id} view={current} />}
      {link && <ShareDialog link={link} />}
    </Suspense>
  );
}
