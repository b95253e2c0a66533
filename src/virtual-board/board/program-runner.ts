// The hook for running downloaded byte code on the simulated board: the core-rs VM
// (`VmProgramRunner`, src/core/vm-runner.ts) implements `ProgramRunner` and is passed to
// `SimulatedBoard` (see `SimulatedBoardOptions.runner`). Without one a run/stop command only
// flips the board's "program running" flag.

/** What a running program may do to the board. */
export interface BoardIo {
  /** Sensor value 0..1023 of port 1..8 (1-based, as Logo names them). */
  sensor(port: number): number;
  /**
   * Applies a command payload exactly as if the host had sent it (motors, servos, display,
   * beep, LEDs…), so the VM reuses the board's command handlers.
   */
  execute(payload: Uint8Array): void;
  /** `setanswer`: sets the board's remote-lab answer byte (status byte 34). */
  setAnswer(value: number): void;
  /** Milliseconds on the board's virtual clock. */
  readonly nowMs: number;
}

export interface ProgramRunner {
  /** Loads the program area: `code` holds the bytes written since the last Logo pointer. */
  load(code: Uint8Array): void;
  start(): void;
  stop(): void;
  /** True while the program runs; false once it ended by itself, stopped or faulted. */
  readonly running: boolean;
  /** Runs the program for one 1 ms frame. */
  tick(io: BoardIo): void;
  /** Why the last run stopped on its own with an error (a VM fault), else null. */
  readonly fault?: string | null;
  /** A key-value message reached the board (Pi, network broadcast). */
  receiveKeyValue?(key: string, value: string): void;
  /** A new IR remote code. */
  receiveIr?(code: number): void;
}
