// The student's live class in the app: one StudentLive over the app's API client, the open
// program, the core worker's compiler and the board link. It takes part while a lesson the
// student may submit is open (lessonSession), and stops the board over whichever link the
// student uses (USB, plugin, remote lab, virtual): the program first, then every motor.
// Its broadcast pane is registered with the lesson's (`ui/widget-panes.ts`) by whatever
// starts a lesson (`startLesson`'s callers): the service imports no view.
import { subscribe } from 'valtio';
import { api } from '../../api/client.ts';
import { coreBridge } from '../../bridge/core-bridge.ts';
import type { LiveBoardState, LiveCompile } from '../../contract/live-class.ts';
import { board } from '../../device/board-store.ts';
import * as cmd from '../../device/protocol/commands.ts';
import { getDevice } from '../../device/runtime.ts';
import { compilableLogo, currentProgramFile } from '../../program/index.ts';
import { hideWidgetPane, showWidgetPane } from '../../shell/widget-panes.ts';
import { addedLibraries } from '../../state/extensions.ts';
import { lessonSession } from '../lesson-session.ts';
import { NO_BOARD } from './deltas.ts';
import { liveApi } from './live-api.ts';
import { BROADCAST_PANE } from '../pane-ids.ts';
import { programNow } from './program-now.ts';
import { StudentLive } from './student-live.ts';
import { showStudentLive } from './student-live-store.ts';
import { studentLiveActions } from './student-live-actions.ts';
import { takeHandout } from './take-program.ts';

const LINKS = { webhid: 'usb', plugin: 'plugin', simulated: 'virtual', remote: 'remote' } as const;

/** The board as the teacher's grid shows it. */
function liveBoardNow(): LiveBoardState {
  const { link, status } = board;
  if (link.status !== 'connected' || !link.transport) return NO_BOARD;
  return {
    link: LINKS[link.transport],
    type: status?.board.boardType ?? null,
    running: board.programRunning,
    motors: (status?.motors ?? []).map((m) => ({
      on: m.isOn,
      dir: m.direction,
      power: m.power,
    })),
    sensors: status ? [...status.sensors] : [],
  };
}

async function compileNow(): Promise<LiveCompile> {
  const logo = compilableLogo(currentProgramFile(), addedLibraries());
  const info = board.status?.board;
  const version = await coreBridge.pickLogoVersion(
    info?.boardType ?? 0,
    info?.firmwareVersion ?? 0,
  );
  const result = await coreBridge.compileLogo(logo, version);
  if (result.ok) return { ok: true, error: null };
  return { ok: false, error: { line: result.error.line ?? 0, message: result.error.message } };
}

/**
 * Stops the program, then turns every motor off (the teacher's "Stop all boards"): one
 * sequence, framed first and written back to back (the virtual board takes it in consecutive
 * USB frames), rather than three sends that each wait for the one before.
 */
async function stopBoard(): Promise<void> {
  const device = getDevice();
  if (device.snapshot.status !== 'connected') return;
  board.programRunning = false;
  await device.sendSequence([
    { command: cmd.logoControl(0), gapMs: 0 },
    { command: cmd.talkToMotor(cmd.portMask(['a', 'b', 'c', 'd'])), gapMs: 0 },
    { command: cmd.motorOff(), gapMs: 0 },
  ]);
}

export const studentLive = new StudentLive({
  api: liveApi(api),
  origin: window.location.origin,
  program: programNow,
  // Compiles what the program is now (the live service asks only when the Logo changed).
  compile: () => compileNow(),
  board: liveBoardNow,
  stopBoard,
  handout: takeHandout,
});
studentLive.subscribe(showStudentLive);
studentLiveActions.resolve = (id) => studentLive.resolveComment(id);
studentLiveActions.raiseHand = (up) => studentLive.raiseHand(up);

// The teacher's broadcast opens beside the student's program, and closes when it ends.
let broadcastShown = false;
studentLive.subscribe((state) => {
  const on = state.live?.active === true && state.live.broadcast !== null;
  if (on === broadcastShown) return;
  broadcastShown = on;
  if (on) showWidgetPane(BROADCAST_PANE);
  else hideWidgetPane(BROADCAST_PANE);
});

// A student takes part while a lesson they may submit is open.
subscribe(lessonSession, () => {
  const { active, progress } = lessonSession;
  const classUuid = active?.classUuid ?? progress?.class_uuid ?? null;
  const student = active !== null && progress?.canSubmit === true;
  studentLive.follow(student ? classUuid : null, student ? (active?.uuid ?? null) : null);
});
