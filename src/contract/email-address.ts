// What the app takes for an e-mail address wherever one is typed (a class's people, a lab's
// shares): the usual browser pattern (HTML's type=email) with a dot in the domain.
import { EMAIL_MAX } from './classroom.ts';

const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isEmail(text: string): boolean {
  return text.length <= EMAIL_MAX && EMAIL.test(text);
}
