// One remote lab of the teacher's: its board, access code, status and shares; runs its
// station here, gives a key for the command-line station, edits and deletes it.
import { useRef, useState } from 'react';
import { Alert, Badge, Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { isEmail } from '../../../contract/email-address.ts';
import { LAB_SHARES_MAX, PIN_MAX, PIN_MIN, type Lab } from '../../../contract/remote-lab.ts';
import TagInput, { type TagInputHandle } from '../../../ui/tag-input/TagInput.tsx';
import { remoteLabApi } from '../../runtime.ts';
import { LabField } from '../LabFields.tsx';
import { useErrorMessage } from './use-error-message.ts';

export function LabCard({
  lab,
  onChanged,
  onRun,
  running,
}: {
  lab: Lab;
  onChanged: () => void;
  onRun: () => void;
  running: boolean;
}) {
  const { t } = useTranslation('remotelab');
  const message = useErrorMessage();
  const [key, setKey] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(lab.name);
  const [pin, setPin] = useState('');
  const [rotate, setRotate] = useState(false);
  const [official, setOfficial] = useState(lab.official);
  const [shares, setShares] = useState<string[]>(lab.shared_with);
  const sharesField = useRef<TagInputHandle>(null);
  const [error, setError] = useState<string | null>(null);

  async function act(f: () => Promise<unknown>) {
    setError(null);
    try {
      await f();
      onChanged();
    } catch (e) {
      setError(message(e));
    }
  }

  const command = key
    ? `npm run lab-station -- --board virtual --board-id ${lab.board_id} --key ${key} --server ${window.location.origin}`
    : '';

  return (
    <Card className="mb-2" data-testid={`lab-${lab.board_id}`}>
      <Card.Body>
        <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
          <h3 className="h6 mb-0">{lab.name}</h3>
          <Badge bg={lab.status.online ? 'success' : 'secondary'} data-testid="lab-online">
            {t(lab.status.online ? 'station.online' : 'station.offline')}
          </Badge>
          {lab.official && <Badge bg="primary">{t('station.officialBadge')}</Badge>}
          {lab.status.session_id !== null && (
            <Badge bg="info">{t('station.inUse', { queue: lab.status.queue })}</Badge>
          )}
        </div>
        <dl className="row small mb-2">
          <dt className="col-4">{t('form.boardId')}</dt>
          <dd className="col-8 mb-0">{lab.board_id}</dd>
          <dt className="col-4">{t('form.accessCode')}</dt>
          <dd className="col-8 mb-0">
            <code data-testid="lab-access-code">{lab.access_code}</code>
          </dd>
          {lab.keywords.length > 0 && (
            <>
              <dt className="col-4">{t('station.keywords')}</dt>
              <dd className="col-8 mb-0">{lab.keywords.join(', ')}</dd>
            </>
          )}
          {lab.shared_with.length > 0 && (
            <>
              <dt className="col-4">{t('station.sharedWith')}</dt>
              <dd className="col-8 mb-0" data-testid="lab-shared-with">
                {lab.shared_with.join(', ')}
              </dd>
            </>
          )}
        </dl>
        {lab.description && <p className="small mb-2">{lab.description}</p>}
        <div className="d-flex flex-wrap gap-2">
          <Button size="sm" onClick={onRun} disabled={running} data-testid="lab-run">
            {t('station.runHere')}
          </Button>
          <Button
            size="sm"
            variant="outline-secondary"
            onClick={() =>
              void act(async () =>
                setKey((await remoteLabApi.stationKey(lab.uuid, { quiet: true })).key),
              )
            }
          >
            {t('station.cliKey')}
          </Button>
          <Button size="sm" variant="outline-secondary" onClick={() => setEditing(!editing)}>
            {t('station.edit')}
          </Button>
          <Button
            size="sm"
            variant="outline-danger"
            onClick={() => {
              if (window.confirm(t('station.deleteConfirm', { name: lab.name }))) {
                void act(() => remoteLabApi.deleteLab(lab.uuid, { quiet: true }));
              }
            }}
          >
            {t('station.delete')}
          </Button>
        </div>
        {key && (
          <Alert variant="info" className="mt-2 mb-0 small">
            <p className="mb-1">{t('station.cliKeyShown')}</p>
            <code className="user-select-all" data-testid="lab-cli-command">
              {command}
            </code>
          </Alert>
        )}
        {editing && (
          <Form
            className="mt-2"
            onSubmit={(e) => {
              e.preventDefault();
              // An address typed without Enter counts too (unless it is refused).
              const sharedWith = sharesField.current?.commit() ?? shares;
              if (sharedWith === null) return;
              void act(async () => {
                await remoteLabApi.updateLab(
                  lab.uuid,
                  {
                    name,
                    official,
                    shared_with: sharedWith,
                    ...(pin ? { pin } : {}),
                    ...(rotate ? { rotate_code: true } : {}),
                  },
                  { quiet: true },
                );
                setEditing(false);
                setPin('');
                setRotate(false);
              });
            }}
          >
            <div className="row g-2">
              <LabField
                id={`edit-name-${lab.uuid}`}
                className="col-md-6"
                label={t('station.name')}
                value={name}
                onChange={setName}
                required
              />
              <LabField
                id={`edit-pin-${lab.uuid}`}
                className="col-md-6"
                label={t('station.newPin')}
                value={pin}
                onChange={setPin}
                code
                minLength={PIN_MIN}
                maxLength={PIN_MAX}
              />
            </div>
            <div className="mt-2">
              <TagInput
                label={t('station.shareEmails')}
                value={shares}
                onChange={setShares}
                // The server keeps addresses in lower case: "Ana@x.org" is "ana@x.org".
                normalize={(email) => email.toLowerCase()}
                separators=", ;"
                inputMode="email"
                validate={(email, list) =>
                  !isEmail(email)
                    ? t('station.shareInvalid', { email })
                    : list.length >= LAB_SHARES_MAX
                      ? t('station.sharesMax', { max: LAB_SHARES_MAX })
                      : null
                }
                help={t('station.shareHelp')}
                testId="lab-shares"
                ref={sharesField}
              />
            </div>
            <Form.Check
              id={`official-${lab.uuid}`}
              className="mt-2"
              label={t('station.official')}
              checked={official}
              onChange={(e) => setOfficial(e.target.checked)}
            />
            <Form.Check
              id={`rotate-${lab.uuid}`}
              className="my-2"
              label={t('station.rotateCode')}
              checked={rotate}
              onChange={(e) => setRotate(e.target.checked)}
            />
            <Button size="sm" type="submit">
              {t('station.save')}
            </Button>
          </Form>
        )}
        {error && (
          <Alert variant="warning" className="mt-2 mb-0" role="alert">
            {error}
          </Alert>
        )}
      </Card.Body>
    </Card>
  );
}
