// Route /remote-lab: the remote lab description screen (classroom-and-labs §2 "A remote lab
// description screen"): what Remote Lab and Remote Access are, how to connect, what works
// through a remote link, and how a teacher sets up a lab station. With `?lesson={uuid}` (the
// link a lesson gives its students) connects made from here belong to that lesson, so the
// board's answer becomes the student's grade.
import { useEffect } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { api } from '../../api/client.ts';
import { useDocumentTitle } from '../../shell/ui/use-document-title.ts';
import { UUID_PATTERN } from '../../contract/common.ts';
import type { Lesson } from '../../contract/lessons.ts';
import { remoteLabLesson, setRemoteLabLesson } from '../../state/remote-lab.ts';
import { isLoggedIn, session } from '../../state/session.ts';
import { openModal } from '../../state/ui.ts';

const UUID = new RegExp(UUID_PATTERN);

/** The lesson named by `?lesson=`, once the caller may read it. */
function useLessonParam(): void {
  const [params] = useSearchParams();
  const uuid = params.get('lesson');
  const signedIn = isLoggedIn(useSnapshot(session));
  useEffect(() => {
    if (!uuid || !UUID.test(uuid) || !signedIn) return;
    let live = true;
    api.get<Lesson>(`/lesson/${uuid}`).then(
      (l) => live && setRemoteLabLesson({ uuid: l.uuid, name: l.name }),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [uuid, signedIn]);
}

export default function RemoteLabPage() {
  const { t } = useTranslation('remotelab');
  useDocumentTitle(t('about.title'));
  const signedIn = isLoggedIn(useSnapshot(session));
  const lesson = useSnapshot(remoteLabLesson);
  useLessonParam();
  return (
    <div className="container py-4" style={{ maxWidth: 820 }}>
      <h1 className="h3">{t('about.title')}</h1>
      <p className="lead">{t('about.intro')}</p>
      {lesson.uuid && (
        <Alert variant="info" data-testid="remote-lab-lesson">
          {t('about.lesson', { lesson: lesson.name })}
        </Alert>
      )}
      <p>
        <Button onClick={() => openModal('connect')} data-testid="remote-lab-connect">
          <i className="bi bi-broadcast me-2" aria-hidden />
          {t('about.connect')}
        </Button>
      </p>

      <section aria-labelledby="about-lab" className="mb-4">
        <h2 id="about-lab" className="h5">
          <i className="bi bi-broadcast me-2" aria-hidden />
          {t('about.lab.title')}
        </h2>
        <p>{t('about.lab.what')}</p>
        <ol>
          <li>{t('about.lab.step1')}</li>
          <li>{t('about.lab.step2')}</li>
          <li>{t('about.lab.step3')}</li>
        </ol>
        <p>{t('about.lab.queue')}</p>
        <p>{t('about.lab.grading')}</p>
        <pre className="bg-body-tertiary border rounded p-2 small">
          {'to main\nwaituntil [ sensor1 > 500 ]\nsetanswer 100\nend'}
        </pre>
      </section>

      <section aria-labelledby="about-access" className="mb-4">
        <h2 id="about-access" className="h5">
          <i className="bi bi-globe2 me-2" aria-hidden />
          {t('about.access.title')}
        </h2>
        <p>{t('about.access.what')}</p>
      </section>

      <section aria-labelledby="about-works" className="mb-4">
        <h2 id="about-works" className="h5">
          {t('about.works.title')}
        </h2>
        <ul>
          <li>{t('about.works.download')}</li>
          <li>{t('about.works.panels')}</li>
          <li>{t('about.works.datalog')}</li>
          <li>{t('about.works.firmware')}</li>
          <li>{t('about.works.extract')}</li>
        </ul>
        <p className="small text-body-secondary">{t('about.works.safety')}</p>
      </section>

      <section aria-labelledby="about-station" className="mb-4">
        <h2 id="about-station" className="h5">
          <i className="bi bi-pc-display me-2" aria-hidden />
          {t('about.station.title')}
        </h2>
        <p>{t('about.station.what')}</p>
        <p>
          {signedIn ? (
            <Link to="/lab-station" className="btn btn-outline-primary">
              {t('about.station.open')}
            </Link>
          ) : (
            t('about.station.signIn')
          )}
        </p>
      </section>
      <p>
        <Link to="/program">{t('about.back')}</Link>
      </p>
    </div>
  );
}
