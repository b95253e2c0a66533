// Route /remote-lab: the remote lab description screen (classroom-and-labs §2 "A remote lab
// description screen"): what Remote Lab and Remote Access are, how to connect, what works
// through a remote link, and how a teacher sets up a lab station. With `?lesson={uuid}` (the
// link a lesson gives its students) connects made from here belong to that lesson, so the
// board's answer becomes the student's grade.
import { useEffect, type ReactNode } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { useDocumentTitle } from '../../shell/ui/use-document-title.ts';
import { UUID_PATTERN } from '../../contract/common.ts';
import { remoteLabLesson, setRemoteLabLesson } from '../remote-lab-store.ts';
import { remoteLabApi } from '../runtime.ts';
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
    remoteLabApi.lesson(uuid).then(
      (l) => live && setRemoteLabLesson({ uuid: l.uuid, name: l.name }),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [uuid, signedIn]);
}

/** One part of the description: a level-2 heading (with the connect method's icon) and text. */
function AboutSection(props: { id: string; icon?: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={props.id} className="mb-4">
      <h2 id={props.id} className="h5">
        {props.icon && <i className={`bi ${props.icon} me-2`} aria-hidden />}
        {props.title}
      </h2>
      {props.children}
    </section>
  );
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

      <AboutSection id="about-lab" icon="bi-broadcast" title={t('about.lab.title')}>
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
      </AboutSection>

      <AboutSection id="about-access" icon="bi-globe2" title={t('about.access.title')}>
        <p>{t('about.access.what')}</p>
      </AboutSection>

      <AboutSection id="about-works" title={t('about.works.title')}>
        <ul>
          <li>{t('about.works.download')}</li>
          <li>{t('about.works.panels')}</li>
          <li>{t('about.works.datalog')}</li>
          <li>{t('about.works.firmware')}</li>
          <li>{t('about.works.extract')}</li>
        </ul>
        <p className="small text-body-secondary">{t('about.works.safety')}</p>
      </AboutSection>

      <AboutSection id="about-station" icon="bi-pc-display" title={t('about.station.title')}>
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
      </AboutSection>
      <p>
        <Link to="/program">{t('about.back')}</Link>
      </p>
    </div>
  );
}
