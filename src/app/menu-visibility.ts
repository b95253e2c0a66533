// Which menu items and icons the shell shows (spec core §2 "Hamburger menu", §4 "Update
// menu visibility"). Pure functions of the stores, so the rules are tested on their own.
// The board items (Extract code, Update Firmware) stay in the menu when they do not apply to
// the connected board: disabled, with the reason (a vanishing item leaves a user stuck).
import {
  BoardType,
  ConnectionType,
  ConnectMethod,
  isBoardMatch,
} from '../device/connection-store.ts';
import type { ConnectionState } from '../device/connection-store.ts';
import type { ProgramState } from '../program/index.ts';
import { isLoggedIn, type SessionState } from '../state/session.ts';

export interface MenuContext {
  loggedIn: boolean;
  /** The open project may be saved and renamed (a new, unsaved project is editable). */
  editable: boolean;
  hasChanged: boolean;
  extensionEditMode: boolean;
  /** Connected board type (numeric table, spec core §3). */
  boardType: number;
  /** The connected board is the type chosen for display. */
  boardMatch: boolean;
  connectionType: number;
  connectMethod: number | null;
}

export type MenuItem =
  | 'newProject'
  | 'save'
  | 'saveAsCopy'
  | 'myProjects'
  | 'openFromFile'
  | 'importFromFile'
  | 'saveAsFile'
  | 'extractCode'
  | 'updateFirmware'
  | 'publishExtension'
  | 'saveExtension'
  | 'cancelExtension';

export function menuContext(
  session: Pick<SessionState, 'user'>,
  program: Pick<ProgramState, 'currentProject' | 'hasChanged' | 'extensionEditMode'>,
  connection: Pick<ConnectionState, 'board' | 'displayBoard' | 'connectionType' | 'connectMethod'>,
): MenuContext {
  return {
    loggedIn: isLoggedIn(session),
    editable: program.currentProject?.isEditable !== false,
    hasChanged: program.hasChanged,
    extensionEditMode: program.extensionEditMode,
    boardType: connection.board.boardType,
    boardMatch: isBoardMatch(connection),
    connectionType: connection.connectionType,
    connectMethod: connection.connectMethod,
  };
}

/** Why a board item cannot run now; each has a text `shell:menu.unavailable.{reason}`. */
type UnavailableReason =
  'noBoard' | 'otherBoard' | 'remoteLab' | 'extractBoard' | 'firmwareBoard' | 'firmwareCable';

/**
 * Update Firmware: a Pi-topping (board type 2) when matching; GoGo 6 or 7 when matching and
 * connected over WebHID (for GoGo 7 the action opens the external update guide).
 */
export function showUpdateFirmware(c: MenuContext): boolean {
  if (!c.boardMatch) return false;
  if (c.boardType === BoardType.fifth) return true;
  const esp = c.boardType === BoardType.v6 || c.boardType === BoardType.v7;
  return esp && c.connectionType === ConnectionType.webhid;
}

/** Extract code: GoGo 6 or 7 when matching, not in remote lab mode, not editing an extension. */
export function showExtractCode(c: MenuContext): boolean {
  return (
    c.boardMatch &&
    (c.boardType === BoardType.v6 || c.boardType === BoardType.v7) &&
    c.connectMethod !== ConnectMethod.remoteLab &&
    !c.extensionEditMode
  );
}

const isEsp = (type: number) => type === BoardType.v6 || type === BoardType.v7;

/** Why Extract code or Update Firmware does not apply now, or null when it does. */
export function unavailableReason(
  item: 'extractCode' | 'updateFirmware',
  c: MenuContext,
): UnavailableReason | null {
  if (item === 'extractCode' ? showExtractCode(c) : showUpdateFirmware(c)) return null;
  if (c.connectionType === ConnectionType.disconnected || c.boardType === BoardType.none) {
    return 'noBoard';
  }
  if (!c.boardMatch) return 'otherBoard';
  if (item === 'extractCode') {
    return isEsp(c.boardType) && c.connectMethod === ConnectMethod.remoteLab
      ? 'remoteLab'
      : 'extractBoard';
  }
  return isEsp(c.boardType) ? 'firmwareCable' : 'firmwareBoard';
}

/** The save icon beside the project name: logged in, editable and changed. */
export function showNameSaveIcon(c: MenuContext): boolean {
  return c.loggedIn && c.editable && c.hasChanged;
}

/** Hamburger menu items, in order (the board items even when they do not apply). */
export function hamburgerItems(c: MenuContext): MenuItem[] {
  if (c.extensionEditMode) {
    return ['saveExtension', 'cancelExtension', 'importFromFile', 'saveAsFile'];
  }
  const items: MenuItem[] = ['newProject'];
  if (c.loggedIn && c.editable) items.push('save');
  if (c.loggedIn) items.push('saveAsCopy', 'myProjects');
  items.push('openFromFile', 'importFromFile', 'saveAsFile', 'extractCode', 'updateFirmware');
  if (c.loggedIn) items.push('publishExtension');
  return items;
}
