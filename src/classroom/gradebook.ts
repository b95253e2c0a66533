// The gradebook (students × lessons, spec §3 "Grade"): each cell the student's current
// submission of the lesson with its state (not started, submitted, graded, complete), and
// the CSV export a teacher opens in a spreadsheet. Students no longer in the class keep their
// row, marked removed, so their work stays in sight.
import type { CellState, Gradebook, GradebookCell, GradeSource } from '../contract/grades.ts';

export interface CellView {
  state: CellState;
  grade: number | null;
  /** Who gave the grade (a cable board's answer is the one a student could forge). */
  gradeSource: GradeSource | null;
  suuid: string | null;
  late: boolean;
  hasNote: boolean;
  note: string;
  /** When the student submitted (ISO 8601), null when not started. */
  submittedAt: string | null;
}

interface GradebookRow {
  email: string;
  name: string;
  hasAccount: boolean;
  /** No longer in the class (removed, or left); the work stays. */
  removed: boolean;
  cells: CellView[];
}

export interface GradebookView {
  lessons: Gradebook['lessons'];
  rows: GradebookRow[];
}

const NOT_STARTED: CellView = {
  state: 'not_started',
  grade: null,
  gradeSource: null,
  suuid: null,
  late: false,
  hasNote: false,
  note: '',
  submittedAt: null,
};

export function buildGradebook(book: Gradebook): GradebookView {
  const byKey = new Map<string, GradebookCell>();
  for (const cell of book.cells) byKey.set(`${cell.user_email}\n${cell.luuid}`, cell);
  const rows = book.students.map((s) => ({
    email: s.email,
    name: s.name,
    hasAccount: s.hasAccount,
    removed: s.removed,
    cells: book.lessons.map((l): CellView => {
      const c = byKey.get(`${s.email}\n${l.luuid}`);
      return c
        ? {
            state: c.state,
            grade: c.grade,
            gradeSource: c.gradeSource,
            suuid: c.suuid,
            late: c.late,
            hasNote: c.hasNote,
            note: c.note,
            submittedAt: c.submittedAt,
          }
        : NOT_STARTED;
    }),
  }));
  return { lessons: book.lessons, rows };
}

/** A CSV field: quoted when needed (RFC 4180), and never read as a spreadsheet formula. */
export function csvCell(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

interface CsvLabels {
  student: string;
  email: string;
  /** The status column's title, and its text for a student in the class and one removed. */
  status: string;
  inClass: string;
  removed: string;
  /** The titles of a lesson's columns after its points ("Blink: status", …). */
  lessonColumn: (
    lesson: string,
    column: 'status' | 'submitted' | 'late' | 'source' | 'note',
  ) => string;
  /** The text of a state (e.g. "submitted"). */
  state: (state: CellState) => string;
  /** Who gave a grade (teacher, check, lab board, cable). */
  source: (source: GradeSource) => string;
  yes: string;
  no: string;
}

/**
 * One row per student: name, e-mail, whether they are still in the class, then per lesson its
 * points (empty without a grade, so the column stays numbers), its state, when it was
 * submitted (ISO 8601, UTC), whether late, who graded it and the teacher's note.
 */
export function gradebookCsv(view: GradebookView, labels: CsvLabels): string {
  const header = [labels.student, labels.email, labels.status];
  for (const l of view.lessons) {
    header.push(
      `${l.name} (/${l.maxPoints})`,
      labels.lessonColumn(l.name, 'status'),
      labels.lessonColumn(l.name, 'submitted'),
      labels.lessonColumn(l.name, 'late'),
      labels.lessonColumn(l.name, 'source'),
      labels.lessonColumn(l.name, 'note'),
    );
  }
  const lines = [header.map(csvCell).join(',')];
  for (const row of view.rows) {
    const fields = [row.name, row.email, row.removed ? labels.removed : labels.inClass];
    for (const c of row.cells) {
      const started = c.submittedAt !== null;
      fields.push(
        c.grade !== null ? String(c.grade) : '',
        labels.state(c.state),
        c.submittedAt ?? '',
        started ? (c.late ? labels.yes : labels.no) : '',
        c.grade !== null && c.gradeSource !== null ? labels.source(c.gradeSource) : '',
        c.note,
      );
    }
    lines.push(fields.map(csvCell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
