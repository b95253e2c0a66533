// Route /lab-station (signed in): a teacher's remote labs and lab groups, and the station
// that bridges one of those boards from this tab (a USB board over WebHID, or the tab's
// virtual board) to the lab's remote students. docs/remote-lab.md "Stations". The parts
// live in station/.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Card, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { Lab } from '../../contract/remote-lab.ts';
import { useDocumentTitle } from '../../shell/ui/use-document-title.ts';
import { remoteLabApi } from '../runtime.ts';
import { LabCard } from './station/LabCard.tsx';
import { LabGroups } from './station/LabGroups.tsx';
import { NewLabForm } from './station/NewLabForm.tsx';
import { QuickStart } from './station/QuickStart.tsx';
import { StationRunner } from './station/StationRunner.tsx';
import { useErrorMessage } from './station/use-error-message.ts';

const REFRESH_MS = 3000;

export default function LabStationPage() {
  const { t } = useTranslation('remotelab');
  useDocumentTitle(t('station.title'));
  const message = useErrorMessage();
  const [labs, setLabs] = useState<Lab[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [runningLab, setRunningLab] = useState<string | null>(null);

  const [version, setVersion] = useState(0);
  const load = useCallback(() => setVersion((v) => v + 1), []);
  useEffect(() => {
    let live = true;
    const fetchLabs = () =>
      remoteLabApi.myLabs({ quiet: true }).then(
        (r) => {
          if (!live) return;
          setLabs(r.data);
          setError(null);
        },
        (e: unknown) => live && setError(message(e)),
      );
    void fetchLabs();
    const timer = setInterval(() => void fetchLabs(), REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [version, message]);

  const runLab = labs?.find((l) => l.uuid === runningLab) ?? null;
  return (
    <div className="container py-4" style={{ maxWidth: 960 }}>
      <h1 className="h3">{t('station.title')}</h1>
      <p>{t('station.intro')}</p>
      <QuickStart open={labs !== null && labs.length === 0} />
      {runLab && <StationRunner key={runLab.uuid} lab={runLab} onStopped={load} />}
      {error && <Alert variant="warning">{error}</Alert>}
      {labs === null ? (
        <Spinner aria-label={t('station.loading')} />
      ) : (
        <section aria-labelledby="labs-title">
          <h2 id="labs-title" className="h5">
            {t('station.myLabs')}
          </h2>
          {labs.length === 0 && <p className="text-body-secondary">{t('station.none')}</p>}
          {labs.map((lab) => (
            <LabCard
              key={lab.uuid}
              lab={lab}
              running={runningLab !== null}
              onRun={() => setRunningLab(lab.uuid)}
              onChanged={load}
            />
          ))}
        </section>
      )}
      <Card className="mt-3">
        <Card.Body>
          <NewLabForm onCreated={load} />
        </Card.Body>
      </Card>
      <LabGroups labs={labs ?? []} />
    </div>
  );
}
