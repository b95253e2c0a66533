import { describe, expect, it } from 'vitest';
import en from '../../locales/en/classroom.json';
import type { Gradebook } from '../contract/grades.ts';
import { buildGradebook, csvCell, gradebookCsv } from './gradebook.ts';

const L1 = '11111111-1111-4111-8111-111111111111';
const L2 = '22222222-2222-4222-8222-222222222222';
const S1 = '33333333-3333-4333-8333-333333333333';
const S2 = '55555555-5555-4555-8555-555555555555';

const book: Gradebook = {
  uuid: '44444444-4444-4444-8444-444444444444',
  students: [
    { email: 'ana@school.org', name: 'Ana', photoUrl: '', hasAccount: true, removed: false },
    {
      email: 'bo@school.org',
      name: '=HYPERLINK("http://evil")',
      photoUrl: '',
      hasAccount: true,
      removed: false,
    },
    { email: 'cy@school.org', name: 'Cy', photoUrl: '', hasAccount: true, removed: true },
  ],
  lessons: [
    { luuid: L1, name: 'Blink', maxPoints: 10, dueAt: null },
    { luuid: L2, name: 'Motors, part 1', maxPoints: 100, dueAt: null },
  ],
  cells: [
    {
      user_email: 'ana@school.org',
      luuid: L2,
      suuid: S1,
      state: 'graded',
      grade: 87.5,
      gradeSource: 'teacher',
      late: true,
      hasNote: true,
      note: 'Good work, see motor b',
      submittedAt: '2026-01-01T10:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    },
    {
      user_email: 'cy@school.org',
      luuid: L1,
      suuid: S2,
      state: 'submitted',
      grade: null,
      gradeSource: null,
      late: false,
      hasNote: false,
      note: '',
      submittedAt: '2026-01-02T09:30:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    },
  ],
};

/** Bo never started Blink; the teacher graded it (work done on paper). */
const gradedWithoutWork: Gradebook['cells'][number] = {
  user_email: 'bo@school.org',
  luuid: L1,
  suuid: '66666666-6666-4666-8666-666666666666',
  state: 'graded',
  grade: 7,
  gradeSource: 'teacher',
  late: false,
  hasNote: false,
  note: '',
  submittedAt: null,
  updatedAt: '2026-01-03T00:00:00Z',
};

describe('gradebook', () => {
  it('puts every student against every lesson, not started where nothing was submitted', () => {
    const view = buildGradebook(book);
    expect(view.rows.map((r) => r.cells.map((c) => c.state))).toEqual([
      ['not_started', 'graded'],
      ['not_started', 'not_started'],
      ['submitted', 'not_started'],
    ]);
    expect(view.rows.map((r) => r.removed)).toEqual([false, false, true]);
    expect(view.rows[0]?.cells[1]).toEqual({
      state: 'graded',
      grade: 87.5,
      gradeSource: 'teacher',
      suuid: S1,
      late: true,
      hasNote: true,
      note: 'Good work, see motor b',
      submittedAt: '2026-01-01T10:00:00Z',
    });
  });

  it('exports per lesson the points (empty without a grade), state, time, late, grader and note', () => {
    const csv = gradebookCsv(buildGradebook(book), {
      student: 'Student',
      email: 'E-mail',
      status: 'Status',
      inClass: 'in the class',
      removed: 'removed',
      lessonColumn: (lesson, column) => `${lesson}: ${column}`,
      state: (s) => s.replace('_', ' '),
      source: (s) => `by ${s}`,
      yes: 'yes',
      no: 'no',
    });
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'Student,E-mail,Status,' +
        'Blink (/10),Blink: status,Blink: submitted,Blink: late,Blink: source,Blink: note,' +
        '"Motors, part 1 (/100)","Motors, part 1: status","Motors, part 1: submitted",' +
        '"Motors, part 1: late","Motors, part 1: source","Motors, part 1: note"',
    );
    expect(lines.slice(1)).toEqual([
      'Ana,ana@school.org,in the class,,not started,,,,,' +
        '87.5,graded,2026-01-01T10:00:00Z,yes,by teacher,"Good work, see motor b"',
      `"'=HYPERLINK(""http://evil"")",bo@school.org,in the class,` +
        ',not started,,,,,,not started,,,,',
      'Cy,cy@school.org,removed,,submitted,2026-01-02T09:30:00Z,no,,,,not started,,,,',
      '',
    ]);
    // Every points column holds numbers or nothing, never a word.
    for (const line of lines.slice(1, -1)) {
      const points = [3, 9].map((i) => line.split(',')[i]);
      for (const p of points) expect(p === '' || Number.isFinite(Number(p))).toBe(true);
    }
  });

  it("says in English who graded: the teacher, or the lesson's automatic check", () => {
    const [first] = book.cells;
    if (!first) throw new Error('no cell');
    const checked: Gradebook = {
      ...book,
      cells: [
        { ...first, luuid: L1, note: '' },
        { ...first, luuid: L1, user_email: 'bo@school.org', gradeSource: 'check', note: '' },
      ],
    };
    const csv = gradebookCsv(buildGradebook(checked), {
      student: en.gradebook.student,
      email: 'E-mail',
      status: en.gradebook.status,
      inClass: en.gradebook.inClass,
      removed: en.gradebook.removed,
      lessonColumn: (lesson, column) => en.gradebook.csv[column].replace('{{lesson}}', lesson),
      state: (s) => en.state[s],
      source: (s) => en.gradebook.source[s],
      yes: en.gradebook.csv.yes,
      no: en.gradebook.csv.no,
    });
    const [header, ana, bo] = csv.split('\r\n').map((l) => l.split(','));
    const column = header?.indexOf('Blink: graded by') ?? -1;
    expect(column).toBeGreaterThan(0);
    expect(ana?.[column]).toBe('teacher');
    expect(bo?.[column]).toBe('check');
  });

  it('leaves "submitted" and "late" empty for a cell a teacher graded without a submission', () => {
    const csv = gradebookCsv(buildGradebook({ ...book, cells: [gradedWithoutWork] }), {
      student: en.gradebook.student,
      email: 'E-mail',
      status: en.gradebook.status,
      inClass: en.gradebook.inClass,
      removed: en.gradebook.removed,
      lessonColumn: (lesson, column) => en.gradebook.csv[column].replace('{{lesson}}', lesson),
      state: (s) => en.state[s],
      source: (s) => en.gradebook.source[s],
      yes: en.gradebook.csv.yes,
      no: en.gradebook.csv.no,
    });
    const [header, , bo] = csv.split('\r\n').map((l) => l.split(','));
    const titles = [
      'Blink (/10)',
      'Blink: status',
      'Blink: submitted at (UTC)',
      'Blink: late',
      'Blink: graded by',
    ];
    const columns = titles.map((title) => header?.indexOf(title) ?? -1);
    expect(columns.every((i) => i > 0)).toBe(true);
    expect(columns.map((i) => bo?.[i])).toEqual(['7', en.state.graded, '', '', 'teacher']);
  });

  it('keeps a spreadsheet from reading a cell as a formula', () => {
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('plain')).toBe('plain');
  });
});
