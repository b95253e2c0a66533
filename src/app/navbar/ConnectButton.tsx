// The navbar's board button: shows the link state and the board, opens the connect dialog.
import { useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { board } from '../../device/board-store.ts';
import { connection } from '../../device/connection-store.ts';
import { closeModal, ui } from '../../state/ui.ts';
import ConnectDialog from './ConnectDialog.tsx';
import { useDevice } from '../../device/ui/use-device.ts';

export default function ConnectButton() {
  const { t } = useTranslation('device');
  // Creating the service (first use) re-opens an already granted USB board.
  useDevice();
  const [open, setOpen] = useState(false);
  // Other screens open the dialog through the shell (the remote lab page's Connect button).
  const { modal } = useSnapshot(ui);
  const shown = open || modal === 'connect';
  const live = useSnapshot(board);
  const conn = useSnapshot(connection);

  const { status, transport, reconnecting } = live.link;
  const type = conn.board.boardType;
  let label: string;
  if (status === 'connected') {
    label =
      type === 0
        ? t(`transport.${transport ?? 'webhid'}`)
        : t(`boards.${type}`, { defaultValue: t('boards.other', { type }) });
  } else if (status === 'connecting') {
    label = t('state.connecting');
  } else {
    label = reconnecting ? t('button.retrying') : t('button.connect');
  }
  const variant =
    status === 'connected' ? (type === 0 ? 'warning' : 'success') : 'outline-secondary';

  return (
    <>
      <Button
        variant={variant}
        size="sm"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={t('button.aria', { state: label })}
        data-testid="connect-button"
      >
        {status === 'connecting' ? (
          <Spinner size="sm" className="me-1" aria-hidden />
        ) : (
          <i
            className={`bi ${status === 'connected' ? 'bi-usb-plug-fill' : 'bi-usb-plug'} me-1`}
            aria-hidden
          />
        )}
        {label}
      </Button>
      <ConnectDialog
        show={shown}
        onHide={() => {
          setOpen(false);
          if (modal === 'connect') closeModal();
        }}
      />
    </>
  );
}
