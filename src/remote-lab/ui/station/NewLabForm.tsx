// The form that registers a new remote lab: a name, the board's GoGo ID and pin, a
// description and keywords.
import { useRef, useState, type FormEvent } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import {
  KEYWORD_MAX,
  KEYWORDS_MAX,
  LAB_DESC_MAX,
  LAB_NAME_MAX,
  PIN_MAX,
  PIN_MIN,
} from '../../../contract/remote-lab.ts';
import TagInput, { type TagInputHandle } from '../../../ui/tag-input/TagInput.tsx';
import { remoteLabApi } from '../../runtime.ts';
import { BusyButton, LabField } from '../LabFields.tsx';
import { useErrorMessage } from './use-error-message.ts';

export function NewLabForm({ onCreated }: { onCreated: () => void }) {
  const { t } = useTranslation('remotelab');
  const message = useErrorMessage();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [keywords, setKeywords] = useState<string[]>([]);
  const keywordsField = useRef<TagInputHandle>(null);
  const [boardId, setBoardId] = useState('');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    // A keyword typed without Enter counts too (unless it is refused).
    const typed = keywordsField.current?.commit() ?? keywords;
    if (typed === null) return;
    setBusy(true);
    setError(null);
    try {
      await remoteLabApi.createLab(
        {
          name,
          description,
          keywords: typed,
          board_id: boardId.trim(),
          pin: pin.trim(),
        },
        { quiet: true },
      );
      setName('');
      setDescription('');
      setKeywords([]);
      setBoardId('');
      setPin('');
      onCreated();
    } catch (err) {
      setError(message(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form onSubmit={(e) => void submit(e)} aria-labelledby="new-lab-title" data-testid="new-lab">
      <h2 id="new-lab-title" className="h5">
        {t('station.newLab')}
      </h2>
      <div className="row g-2">
        <LabField
          id="lab-name"
          className="col-md-6"
          label={t('station.name')}
          value={name}
          onChange={setName}
          required
          maxLength={LAB_NAME_MAX}
        />
        <LabField
          id="lab-board-id"
          className="col-md-3"
          label={t('form.boardId')}
          value={boardId}
          onChange={setBoardId}
          required
          code
          maxLength={64}
          help={t('station.boardIdHelp')}
        />
        <LabField
          id="lab-pin"
          className="col-md-3"
          label={t('form.pin')}
          value={pin}
          onChange={setPin}
          required
          code
          minLength={PIN_MIN}
          maxLength={PIN_MAX}
        />
        <LabField
          id="lab-description"
          className="col-md-8"
          label={t('station.description')}
          value={description}
          onChange={setDescription}
          rows={2}
          maxLength={LAB_DESC_MAX}
        />
        <div className="col-md-4">
          <TagInput
            label={t('station.keywords')}
            value={keywords}
            onChange={setKeywords}
            maxLength={KEYWORD_MAX}
            validate={(_, list) =>
              list.length >= KEYWORDS_MAX ? t('station.keywordsMax', { max: KEYWORDS_MAX }) : null
            }
            help={t('station.keywordsHelp')}
            testId="lab-keywords"
            ref={keywordsField}
          />
        </div>
      </div>
      {error && (
        <Alert variant="warning" className="mt-2" role="alert">
          {error}
        </Alert>
      )}
      <BusyButton busy={busy} className="mt-2" testId="new-lab-submit">
        {t('station.create')}
      </BusyButton>
    </Form>
  );
}
