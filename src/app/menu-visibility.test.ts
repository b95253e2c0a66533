import { describe, expect, it } from 'vitest';
import {
  BoardType,
  ConnectionType,
  ConnectMethod,
  EMPTY_BOARD,
} from '../device/connection-store.ts';
import {
  hamburgerItems,
  menuContext,
  showExtractCode,
  showNameSaveIcon,
  showUpdateFirmware,
  unavailableReason,
  type MenuContext,
} from './menu-visibility.ts';

const visitor: MenuContext = {
  loggedIn: false,
  editable: true,
  hasChanged: false,
  extensionEditMode: false,
  boardType: 0,
  boardMatch: false,
  connectionType: ConnectionType.disconnected,
  connectMethod: null,
};
const member: MenuContext = { ...visitor, loggedIn: true };

function board(type: number, connectionType: number, extra: Partial<MenuContext> = {}) {
  return { ...member, boardType: type, boardMatch: true, connectionType, ...extra };
}

describe('hamburgerItems', () => {
  it('offers a visitor the local file items and the board items', () => {
    expect(hamburgerItems(visitor)).toEqual([
      'newProject',
      'openFromFile',
      'importFromFile',
      'saveAsFile',
      'extractCode',
      'updateFirmware',
    ]);
  });

  it('adds cloud save, copy, my projects and publishing for a signed-in user', () => {
    expect(hamburgerItems(member)).toEqual([
      'newProject',
      'save',
      'saveAsCopy',
      'myProjects',
      'openFromFile',
      'importFromFile',
      'saveAsFile',
      'extractCode',
      'updateFirmware',
      'publishExtension',
    ]);
  });

  it('hides Save for a project that is not editable but keeps Save as a copy', () => {
    const items = hamburgerItems({ ...member, editable: false });
    expect(items).not.toContain('save');
    expect(items).toContain('saveAsCopy');
  });

  it('shows only the extension items in extension-edit mode, even with a matching board', () => {
    const ctx = board(BoardType.v7, ConnectionType.webhid, { extensionEditMode: true });
    expect(hamburgerItems(ctx)).toEqual([
      'saveExtension',
      'cancelExtension',
      'importFromFile',
      'saveAsFile',
    ]);
  });

  it('places the board items between the file items and publishing', () => {
    const items = hamburgerItems(board(BoardType.v6, ConnectionType.webhid));
    expect(items.slice(-3)).toEqual(['extractCode', 'updateFirmware', 'publishExtension']);
  });
});

describe('unavailableReason (the board items stay, disabled with the reason)', () => {
  it('is null where the spec shows the item', () => {
    expect(unavailableReason('updateFirmware', board(BoardType.v6, ConnectionType.webhid))).toBe(
      null,
    );
    expect(unavailableReason('extractCode', board(BoardType.v7, ConnectionType.plugin))).toBe(null);
  });

  it('asks for a board, then for the board to program', () => {
    expect(unavailableReason('extractCode', visitor)).toBe('noBoard');
    expect(unavailableReason('updateFirmware', visitor)).toBe('noBoard');
    const other = { ...board(BoardType.v6, ConnectionType.webhid), boardMatch: false };
    expect(unavailableReason('updateFirmware', other)).toBe('otherBoard');
  });

  it('names what does not fit: the board model, the cable, the remote lab', () => {
    expect(
      unavailableReason('updateFirmware', board(BoardType.bright, ConnectionType.webhid)),
    ).toBe('firmwareBoard');
    expect(unavailableReason('updateFirmware', board(BoardType.v7, ConnectionType.plugin))).toBe(
      'firmwareCable',
    );
    expect(unavailableReason('extractCode', board(BoardType.fifth, ConnectionType.plugin))).toBe(
      'extractBoard',
    );
    const lab = board(BoardType.v7, ConnectionType.remote, {
      connectMethod: ConnectMethod.remoteLab,
    });
    expect(unavailableReason('extractCode', lab)).toBe('remoteLab');
  });
});

describe('showUpdateFirmware', () => {
  it('shows for a matching Pi-topping whatever the connection', () => {
    expect(showUpdateFirmware(board(BoardType.fifth, ConnectionType.plugin))).toBe(true);
  });

  it('shows for a matching GoGo 6 or 7 only over WebHID', () => {
    for (const type of [BoardType.v6, BoardType.v7]) {
      expect(showUpdateFirmware(board(type, ConnectionType.webhid))).toBe(true);
      expect(showUpdateFirmware(board(type, ConnectionType.plugin))).toBe(false);
      expect(showUpdateFirmware(board(type, ConnectionType.remote))).toBe(false);
    }
  });

  it('hides when the board does not match the displayed type or is another model', () => {
    expect(
      showUpdateFirmware({ ...board(BoardType.v7, ConnectionType.webhid), boardMatch: false }),
    ).toBe(false);
    expect(showUpdateFirmware(board(BoardType.original, ConnectionType.webhid))).toBe(false);
    expect(showUpdateFirmware(board(BoardType.bright, ConnectionType.webhid))).toBe(false);
  });
});

describe('showExtractCode', () => {
  it('shows for a matching GoGo 6 or 7', () => {
    expect(showExtractCode(board(BoardType.v6, ConnectionType.plugin))).toBe(true);
    expect(showExtractCode(board(BoardType.v7, ConnectionType.webhid))).toBe(true);
  });

  it('hides in remote lab mode, in extension mode, for other boards and without a match', () => {
    const v7 = board(BoardType.v7, ConnectionType.remote);
    expect(showExtractCode({ ...v7, connectMethod: ConnectMethod.remoteLab })).toBe(false);
    expect(showExtractCode({ ...v7, connectMethod: ConnectMethod.remoteAccess })).toBe(true);
    expect(showExtractCode({ ...v7, extensionEditMode: true })).toBe(false);
    expect(showExtractCode(board(BoardType.fifth, ConnectionType.plugin))).toBe(false);
    expect(showExtractCode({ ...v7, boardMatch: false })).toBe(false);
  });
});

describe('showNameSaveIcon', () => {
  it('needs a signed-in user, an editable project and a change', () => {
    expect(showNameSaveIcon({ ...member, hasChanged: true })).toBe(true);
    expect(showNameSaveIcon({ ...visitor, hasChanged: true })).toBe(false);
    expect(showNameSaveIcon({ ...member, hasChanged: true, editable: false })).toBe(false);
    expect(showNameSaveIcon(member)).toBe(false);
  });
});

describe('menuContext', () => {
  it('derives login, editability and board match from the stores', () => {
    const ctx = menuContext(
      { user: { id: 'u1', name: 'A', email: 'a@b.c', photoUrl: '', providerId: 'password' } },
      {
        currentProject: { uuid: 'p', name: 'P', isEditable: false },
        hasChanged: true,
        extensionEditMode: false,
      },
      {
        board: { ...EMPTY_BOARD, boardType: BoardType.v7 },
        displayBoard: BoardType.v7,
        connectionType: ConnectionType.webhid,
        connectMethod: ConnectMethod.usb,
      },
    );
    expect(ctx).toMatchObject({ loggedIn: true, editable: false, boardMatch: true });
  });

  it('treats a new project (none open) as editable and a missing board as no match', () => {
    const ctx = menuContext(
      { user: null },
      { currentProject: null, hasChanged: false, extensionEditMode: false },
      {
        board: EMPTY_BOARD,
        displayBoard: BoardType.none,
        connectionType: ConnectionType.disconnected,
        connectMethod: null,
      },
    );
    expect(ctx).toMatchObject({ loggedIn: false, editable: true, boardMatch: false });
  });
});
