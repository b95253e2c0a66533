// Whether board panels may send commands (spec core §4: only while the connected board
// matches the display board) and, when not, the reason to show.
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { translateError } from './messages.ts';
import { board } from '../board-store.ts';
import { connection, isBoardMatch } from '../connection-store.ts';

export interface BoardGate {
  /**
   * Null when commands can be sent, else the translated reason; '' when the page states the
   * reason once above its panels (the panels are disabled without repeating it).
   */
  reason: string | null;
  boardType: number;
}

/** The same gate for a panel whose page already shows the reason. */
export function quiet(gate: BoardGate): BoardGate {
  return gate.reason === null ? gate : { ...gate, reason: '' };
}

export function useBoardGate(): BoardGate {
  const { t } = useTranslation('device');
  const conn = useSnapshot(connection);
  const live = useSnapshot(board);
  const boardType = conn.board.boardType;
  let reason: string | null = null;
  if (live.link.status !== 'connected' || boardType === 0) {
    reason = translateError(t, 'not-connected');
  } else if (!isBoardMatch(conn)) {
    reason = translateError(t, 'board-mismatch', { boardType: conn.displayBoard });
  }
  return { reason, boardType };
}

/** The Raspberry Pi panels also need a live Pi (spec core §8 'The Raspberry Pi is not alive'). */
export function usePiGate(): BoardGate {
  const { t } = useTranslation('device');
  const gate = useBoardGate();
  const live = useSnapshot(board);
  if (gate.reason === null && !live.pi?.alive) {
    return { ...gate, reason: translateError(t, 'pi-not-alive') };
  }
  return gate;
}
