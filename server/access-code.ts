// Access codes of classes and remote labs: ACCESS_CODE_LENGTH characters of ACCESS_CODE_ALPHABET from the
// operating system's random source, so a code cannot be predicted from earlier ones.
import { randomInt } from 'node:crypto';
import { ACCESS_CODE_ALPHABET, ACCESS_CODE_LENGTH } from '../src/contract/access-code.ts';

export function newAccessCode(): string {
  let code = '';
  for (let i = 0; i < ACCESS_CODE_LENGTH; i++) {
    code += ACCESS_CODE_ALPHABET[randomInt(ACCESS_CODE_ALPHABET.length)];
  }
  return code;
}
