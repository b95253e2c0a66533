// The name a remix asks for: the original's name in the user's language's "<name> (remix)",
// the original's part shortened when the whole would pass the name limit, so the words that
// tell it apart stay. The server adds a number when the user already has that name.
import { PROJECT_NAME_MAX } from '../contract/projects.ts';

export function remixName(format: (name: string) => string, original: string): string {
  const name = original.trim();
  const whole = format(name);
  const over = whole.length - PROJECT_NAME_MAX;
  return over <= 0 ? whole : format(name.slice(0, Math.max(0, name.length - over)).trimEnd());
}
