// Finding a gradebook cell again after the table rendered anew (focus goes back to it).

/** A cell's key in its `data-cell` (the student's e-mail, then the lesson). */
export const gradebookCellKey = (email: string, luuid: string) => `${email} ${luuid}`;

/** The control of a cell (its link or button) in `root`, if it has one. */
export function gradebookCellControl(
  root: ParentNode,
  email: string,
  luuid: string,
): HTMLElement | null {
  const key = gradebookCellKey(email, luuid);
  const cell = [...root.querySelectorAll<HTMLElement>('[data-cell]')].find(
    (el) => el.dataset.cell === key,
  );
  return cell?.querySelector<HTMLElement>('a, button') ?? null;
}
