// Several e-mail addresses typed at once (people tab): separated by commas, semicolons,
// spaces or lines, "Name <a@b.org>" accepted, each checked by a standard pattern (spec §5),
// lower-cased and without repeats.
import { PEOPLE_BATCH_MAX } from '../contract/classroom.ts';
import { isEmail } from '../contract/email-address.ts';

export { isEmail };

interface ParsedEmails {
  valid: string[];
  invalid: string[];
  /** More than one call may add: the rest must wait for another round. */
  tooMany: boolean;
}

export function parseEmails(text: string): ParsedEmails {
  const valid: string[] = [];
  const invalid: string[] = [];
  const tokens = text
    .replace(/[^<>\s,;]*<([^<>]+)>/g, ' $1 ')
    .split(/[\s,;]+/)
    .map((t) => t.trim().replace(/^<|>$/g, ''))
    .filter(Boolean);
  for (const token of tokens) {
    if (!isEmail(token)) {
      if (!invalid.includes(token)) invalid.push(token);
      continue;
    }
    const email = token.toLowerCase();
    if (!valid.includes(email)) valid.push(email);
  }
  return { valid, invalid, tooMany: valid.length > PEOPLE_BATCH_MAX };
}
