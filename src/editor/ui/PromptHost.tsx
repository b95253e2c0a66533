// Shows the PromptService's question: a text field that must not be left empty.
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { promptService, type PromptView } from './prompt.ts';
import DialogHeader from '../../ui/dialog-header/DialogHeader.tsx';
import { closeOnRouteChange } from '../../shell/route-change.ts';

function PromptForm({ question }: { question: PromptView }) {
  const { t } = useTranslation(['editor', 'shell']);
  const [value, setValue] = useState(question.defaultValue);
  const [empty, setEmpty] = useState(false);
  const submit = () => {
    if (value.trim() === '') setEmpty(true);
    else promptService.answer(value.trim());
  };
  return (
    <Form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Modal.Body>
        <Form.Group controlId={`prompt-${question.id}`}>
          <Form.Label>{question.message}</Form.Label>
          <Form.Control
            autoFocus
            value={value}
            isInvalid={empty}
            onChange={(e) => {
              setValue(e.target.value);
              setEmpty(false);
            }}
          />
          <Form.Control.Feedback type="invalid">{t('editor:prompt.empty')}</Form.Control.Feedback>
        </Form.Group>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={() => promptService.answer(null)}>
          {t('shell:confirm.cancel')}
        </Button>
        <Button variant="primary" type="submit">
          {t('shell:confirm.ok')}
        </Button>
      </Modal.Footer>
    </Form>
  );
}

export default function PromptHost() {
  const { t } = useTranslation('editor');
  const { current } = useSnapshot(promptService.state);
  useEffect(() => closeOnRouteChange(() => promptService.cancelAll()), []);
  return (
    <Modal
      show={current !== null}
      onHide={() => promptService.answer(null)}
      centered
      aria-labelledby="prompt-title"
    >
      <DialogHeader titleId="prompt-title" title={t('prompt.title')} />
      {current && <PromptForm key={current.id} question={current} />}
    </Modal>
  );
}
