// One board panel: a titled card whose controls are disabled, with the reason shown, while
// commands cannot reach a matching board.
import type { ReactNode } from 'react';
import { Alert, Card } from 'react-bootstrap';

interface Props {
  id: string;
  title: string;
  /** Why the controls are disabled, or null when they work. */
  disabledReason: string | null;
  /** A failed command's message. */
  error?: string | null;
  children: ReactNode;
}

export default function Panel({ id, title, disabledReason, error, children }: Props) {
  return (
    <Card
      as="section"
      aria-labelledby={`${id}-title`}
      className="h-100"
      data-testid={`panel-${id}`}
    >
      <Card.Header>
        <h2 id={`${id}-title`} className="h6 mb-0">
          {title}
        </h2>
      </Card.Header>
      <Card.Body>
        {disabledReason && <p className="small text-body-secondary mb-2">{disabledReason}</p>}
        <fieldset disabled={disabledReason !== null} className="d-flex flex-column gap-2">
          {children}
        </fieldset>
        {error && (
          <Alert variant="warning" className="small py-1 px-2 mt-2 mb-0" role="alert">
            {error}
          </Alert>
        )}
      </Card.Body>
    </Card>
  );
}
