// The gradebook table: every student against every lesson, each cell's state and grade, and
// the cells with a submission linking to it. (Its render time for 40 × 30 in Chromium is
// printed by tests/e2e/classroom.spec.ts.)
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Gradebook } from '../../contract/grades.ts';
import { initI18n } from '../../i18n/index.ts';
import { buildGradebook } from '../gradebook.ts';
import GradebookTable from './GradebookTable.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Students × lessons; every third cell graded, every fifth submitted, the rest empty. */
function someClass(studentCount: number, lessonCount: number): Gradebook {
  const students = Array.from({ length: studentCount }, (_, i) => ({
    email: `s${i}@school.org`,
    name: `Student ${String(i).padStart(2, '0')}`,
    photoUrl: '',
    hasAccount: true,
    removed: false,
  }));
  const lessons = Array.from({ length: lessonCount }, (_, j) => ({
    luuid: uuid(j),
    name: `Lesson ${j + 1}`,
    maxPoints: 10,
    dueAt: null,
  }));
  const cells: Gradebook['cells'] = [];
  students.forEach((s, i) =>
    lessons.forEach((l, j) => {
      const k = i * lessonCount + j;
      if (k % 3 === 0 || k % 5 === 0) {
        cells.push({
          user_email: s.email,
          luuid: l.luuid,
          suuid: uuid(10_000 + k),
          state: k % 3 === 0 ? 'graded' : 'submitted',
          grade: k % 3 === 0 ? (k % 10) + 0.5 : null,
          gradeSource: k % 3 !== 0 ? null : k % 2 === 0 ? 'lab' : 'cable',
          late: false,
          hasNote: false,
          note: '',
          submittedAt: '2026-01-01T00:00:00Z',
          updatedAt: '2026-01-01T00:00:00Z',
        });
      }
    }),
  );
  return { uuid: uuid(1), students, lessons, cells };
}

describe('GradebookTable', () => {
  it('renders every student against every lesson with each cell’s state and grade', () => {
    render(
      <MemoryRouter>
        <GradebookTable view={buildGradebook(someClass(5, 6))} caption="Gradebook" />
      </MemoryRouter>,
    );
    const rows = screen.getAllByTestId('gradebook-row');
    expect(rows).toHaveLength(5);
    const cells = screen.getAllByTestId('gradebook-cell');
    expect(cells).toHaveLength(30);
    const states = cells.map((c) => c.dataset.state);
    expect(states.filter((s) => s === 'graded')).toHaveLength(10);
    expect(states.filter((s) => s === 'submitted')).toHaveLength(4);
    expect(states.filter((s) => s === 'not_started')).toHaveLength(16);
    // A cell without a submission opens nothing.
    expect(within(cells[1] as HTMLElement).queryByRole('link')).toBeNull();
    // Student 00, lesson 1: cell 0 is graded 0.5 of 10 and opens its submission.
    const first = within(rows[0] as HTMLElement).getAllByTestId('gradebook-cell')[0] as HTMLElement;
    expect(first.textContent).toContain('0.5 / 10');
    expect(within(first).getByRole('link').getAttribute('href')).toBe(
      `#/program/submission/${uuid(10_000)}`,
    );
    // Each grade names its source; a cable board's answer is told apart from a lab board's.
    expect(within(first).getByTestId('grade-source').textContent).toBe('lab board');
    const third = within(rows[0] as HTMLElement).getAllByTestId('gradebook-cell')[3] as HTMLElement;
    expect(within(third).getByTestId('grade-source').textContent).toBe('cable');
    expect(within(third).getByRole('link').getAttribute('aria-label')).toBe(
      'Student 00, Lesson 4: 3.5 / 10, cable',
    );
    // A submitted cell has no grade, so no source.
    const submitted = within(rows[0] as HTMLElement).getAllByTestId('gradebook-cell')[5];
    expect(within(submitted as HTMLElement).queryByTestId('grade-source')).toBeNull();
  });

  it('keeps a student no longer in the class, tagged removed, with their work', () => {
    const book = someClass(3, 2);
    const [, second] = book.students;
    if (second) second.removed = true;
    render(
      <MemoryRouter>
        <GradebookTable view={buildGradebook(book)} caption="Gradebook" />
      </MemoryRouter>,
    );
    const rows = screen.getAllByTestId('gradebook-row');
    expect(
      rows.map((r) => within(r).queryByTestId('student-removed')?.textContent ?? null),
    ).toEqual([null, 'removed', null]);
    // Student 01, lesson 2 (k = 3): graded, and still opens the submission.
    const cell = within(rows[1] as HTMLElement).getAllByTestId('gradebook-cell')[1] as HTMLElement;
    expect(within(cell).getByRole('link').getAttribute('href')).toBe(
      `#/program/submission/${uuid(10_003)}`,
    );
  });

  it('opens the grading dialog from a not-started cell of a student in the class', () => {
    const book = someClass(3, 2);
    const [, second] = book.students;
    if (second) second.removed = true;
    const opened: [string, string][] = [];
    render(
      <MemoryRouter>
        <GradebookTable
          view={buildGradebook(book)}
          caption="Gradebook"
          onGrade={(email, luuid) => opened.push([email, luuid])}
        />
      </MemoryRouter>,
    );
    const rows = screen.getAllByTestId('gradebook-row');
    // Student 00, lesson 2 (k = 1): not started; a button named by student, lesson and state.
    const cell = within(rows[0] as HTMLElement).getAllByTestId('gradebook-cell')[1] as HTMLElement;
    const button = within(cell).getByRole('button', { name: 'Student 00, Lesson 2: Not started' });
    fireEvent.click(button);
    expect(opened).toEqual([['s0@school.org', uuid(1)]]);
    // A student no longer in the class cannot be graded anew: their empty cell opens nothing.
    const gone = within(rows[1] as HTMLElement).getAllByTestId('gradebook-cell')[0] as HTMLElement;
    expect(gone.dataset.state).toBe('not_started');
    expect(within(gone).queryByRole('button')).toBeNull();
    // A submitted or graded cell still opens its submission, not the dialog.
    const graded = within(rows[0] as HTMLElement).getAllByTestId(
      'gradebook-cell',
    )[0] as HTMLElement;
    expect(within(graded).queryByRole('button')).toBeNull();
  });
});
