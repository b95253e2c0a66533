// The teacher's lab groups: one access code for several boards.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { Lab, LabGroup, ListableBoards } from '../../../contract/remote-lab.ts';
import { remoteLabApi } from '../../runtime.ts';
import { useErrorMessage } from './use-error-message.ts';

/** A lab group takes boards of the teacher's own labs and of labs shared with them: the
 * form offers exactly those (docs/remote-lab.md "Who may list a board"). */
export function LabGroups({ labs }: { labs: readonly Lab[] }) {
  const { t } = useTranslation('remotelab');
  const message = useErrorMessage();
  const [groups, setGroups] = useState<LabGroup[]>([]);
  const [listable, setListable] = useState<ListableBoards['data']>([]);
  const [name, setName] = useState('');
  const [boards, setBoards] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  const [version, setVersion] = useState(0);
  const load = useCallback(() => setVersion((v) => v + 1), []);
  // The labs list refreshes every few seconds; the boards on offer change with its ids only.
  const labIds = labs.map((l) => l.board_id).join(' ');
  useEffect(() => {
    let live = true;
    remoteLabApi.myGroups({ quiet: true }).then(
      (r) => live && setGroups(r.data),
      (e: unknown) => live && setError(message(e)),
    );
    remoteLabApi.listableBoards({ quiet: true }).then(
      (r) => live && setListable(r.data),
      (e: unknown) => live && setError(message(e)),
    );
    return () => {
      live = false;
    };
  }, [version, message, labIds]);

  async function create(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (boards.length === 0) {
      setError(t('groups.pickBoards'));
      return;
    }
    try {
      await remoteLabApi.createGroup({ name, board_ids: boards }, { quiet: true });
      setName('');
      setBoards([]);
      load();
    } catch (err) {
      setError(message(err));
    }
  }

  return (
    <section aria-labelledby="groups-title" className="mt-4">
      <h2 id="groups-title" className="h5">
        {t('groups.title')}
      </h2>
      <p className="small text-body-secondary">{t('groups.help')}</p>
      {groups.map((g) => (
        <Card key={g.uuid} className="mb-2">
          <Card.Body className="py-2 d-flex flex-wrap align-items-center gap-2">
            <strong>{g.name}</strong>
            <code>{g.access_code}</code>
            <span className="small">{g.board_ids.join(', ')}</span>
            <Button
              size="sm"
              variant="outline-danger"
              className="ms-auto"
              onClick={() =>
                void remoteLabApi
                  .deleteGroup(g.uuid, { quiet: true })
                  .then(load, (e: unknown) => setError(message(e)))
              }
            >
              {t('station.delete')}
            </Button>
          </Card.Body>
        </Card>
      ))}
      <Form onSubmit={(e) => void create(e)} className="row g-2 align-items-end">
        <Form.Group className="col-md-4" controlId="group-name">
          <Form.Label>{t('station.name')}</Form.Label>
          <Form.Control value={name} onChange={(e) => setName(e.target.value)} required />
        </Form.Group>
        <fieldset className="col-md-6" data-testid="group-boards">
          <legend className="form-label fs-6 mb-1">{t('groups.boards')}</legend>
          {listable.length === 0 && (
            <p className="small text-body-secondary mb-0">{t('groups.noBoards')}</p>
          )}
          {listable.map((b) => (
            <Form.Check
              key={b.board_id}
              id={`group-board-${b.board_id}`}
              label={t(b.mine ? 'groups.own' : 'groups.shared', {
                board: b.board_id,
                name: b.name,
              })}
              checked={boards.includes(b.board_id)}
              onChange={(e) =>
                setBoards((list) =>
                  e.target.checked ? [...list, b.board_id] : list.filter((x) => x !== b.board_id),
                )
              }
            />
          ))}
        </fieldset>
        <div className="col-md-2">
          <Button type="submit">{t('groups.create')}</Button>
        </div>
      </Form>
      {error && (
        <Alert variant="warning" className="mt-2" role="alert">
          {error}
        </Alert>
      )}
    </section>
  );
}
