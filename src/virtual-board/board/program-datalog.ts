// A running program's data-log events reach the board's offline data log.

/** The part of the simulated board a program's data-log events reach. */
interface ProgramDatalogTarget {
  recordFromProgram(value: number): void;
  readonly datalog: { clear(): void };
}

/**
 * Routes a running program's data-log events (VM `record`, `erase`) into the board's
 * offline data log. The VM runner is made before the board, hence the getter.
 */
export function programDatalogEvents(
  board: () => ProgramDatalogTarget | null,
): (event: { type: string; value?: number }) => void {
  return (e) => {
    if (e.type === 'record') board()?.recordFromProgram(e.value ?? 0);
    else if (e.type === 'erase') board()?.datalog.clear();
  };
}
