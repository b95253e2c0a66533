import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../state/storage.ts';
import {
  lessonAddressFix,
  lessonInAddress,
  lessonPath,
  lessonToReopen,
  readOpenLesson,
  writeOpenLesson,
} from './open-lesson.ts';

const L = '11111111-1111-4111-8111-111111111111';
const C = '22222222-2222-4222-8222-222222222222';
const OPEN = {
  uuid: L,
  name: 'Blink',
  desc: 'Turn the **LED** on.',
  classUuid: C,
  hasCheck: false,
};

beforeEach(() => localStorage.clear());

describe('the open lesson in this browser', () => {
  it('is kept for the next page load, and forgotten when the lesson ends', () => {
    expect(readOpenLesson()).toBeNull();
    writeOpenLesson(OPEN);
    expect(readOpenLesson()).toEqual(OPEN);
    expect(lessonToReopen('#/classroom')).toBe(true);
    writeOpenLesson(null);
    expect(readOpenLesson()).toBeNull();
    expect(lessonToReopen('#/program')).toBe(false);
  });

  it('is none when what is kept is not a lesson', () => {
    localStorage.setItem(STORAGE_KEYS.openLesson, '{"uuid":""}');
    expect(readOpenLesson()).toBeNull();
    localStorage.setItem(STORAGE_KEYS.openLesson, 'not json');
    expect(readOpenLesson()).toBeNull();
  });
});

describe('the open lesson in the address', () => {
  it('is named by the editor’s address, with its class', () => {
    expect(lessonPath(L, C)).toBe(`/program?lesson=${L}&class=${C}`);
    expect(lessonInAddress(`#${lessonPath(L, C)}`)).toEqual({ uuid: L, classUuid: C });
    expect(lessonInAddress(`#${lessonPath(L, null)}`)).toEqual({ uuid: L, classUuid: null });
    expect(lessonToReopen(`#${lessonPath(L, null)}`)).toBe(true);
    // Only on the editor's own route.
    expect(lessonInAddress(`#/classroom/lessond/${L}?lesson=${L}`)).toBeNull();
    expect(lessonInAddress('#/program')).toBeNull();
  });

  it('is put in, corrected or taken out on the editor’s route only', () => {
    expect(lessonAddressFix('#/program', OPEN)).toBe(lessonPath(L, C));
    expect(lessonAddressFix(`#${lessonPath(L, C)}`, OPEN)).toBeNull();
    expect(lessonAddressFix(`#${lessonPath(L, null)}`, OPEN)).toBe(lessonPath(L, C));
    expect(lessonAddressFix(`#${lessonPath(L, C)}`, null)).toBe('/program');
    expect(lessonAddressFix('#/program', null)).toBeNull();
    expect(lessonAddressFix('#/classroom', OPEN)).toBeNull();
    expect(lessonAddressFix('#/program/abc', OPEN)).toBeNull();
  });
});
