// Classroom failures as HTTP errors: the status and English text come from the contract's
// CLASSROOM_ERRORS table, so the server, the UI's mapping and docs/classroom.md agree.
import { CLASSROOM_ERRORS, type ClassroomErrorCode } from '../../src/contract/classroom.ts';
import { HttpError } from '../http/errors.ts';

export function classroomError(code: ClassroomErrorCode, message?: string): HttpError {
  const known = CLASSROOM_ERRORS[code];
  return new HttpError(known.status, code, message ?? known.message);
}
