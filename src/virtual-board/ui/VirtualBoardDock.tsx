// A small window at the bottom right that holds the virtual board's panel, so its sliders
// stay usable next to the board pages. While it is open on a wide screen the app content
// leaves room for it (body class `has-sim-dock`, see shell.css), so it covers nothing.
import { useEffect, useState } from 'react';
import { Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import SimulatedBoardPanel from './SimulatedBoardPanel.tsx';

export default function VirtualBoardDock() {
  const { t } = useTranslation('device');
  const [open, setOpen] = useState(true);
  useEffect(() => {
    document.body.classList.toggle('has-sim-dock', open);
    return () => document.body.classList.remove('has-sim-dock');
  }, [open]);
  return (
    <Card
      className="position-fixed bottom-0 end-0 m-2 shadow"
      style={{ zIndex: 1030, width: open ? 'min(26rem, 100vw - 1rem)' : 'auto', maxHeight: '80vh' }}
      aria-labelledby="virtual-board-title"
      as="aside"
    >
      <Card.Header className="d-flex align-items-center gap-2 py-1">
        <i className="bi bi-cpu" aria-hidden />
        <h2 id="virtual-board-title" className="h6 mb-0 me-auto">
          {t('sim.title')}
        </h2>
        <Button
          variant="link"
          size="sm"
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          aria-controls="virtual-board-body"
        >
          {open ? t('sim.hide') : t('sim.show')}
        </Button>
      </Card.Header>
      {open && (
        <Card.Body id="virtual-board-body" className="overflow-auto p-2">
          <SimulatedBoardPanel />
        </Card.Body>
      )}
    </Card>
  );
}
