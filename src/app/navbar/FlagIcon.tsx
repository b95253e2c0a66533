// A language's flag from flag-icons. Only the four flags in use are bundled (the package's
// stylesheet would pull in every country's SVG).
import br from 'flag-icons/flags/4x3/br.svg';
import es from 'flag-icons/flags/4x3/es.svg';
import gb from 'flag-icons/flags/4x3/gb.svg';
import th from 'flag-icons/flags/4x3/th.svg';
import type { Language } from '../../i18n/languages.ts';
import { useFirstScreenShown } from '../../ui/use-first-screen.ts';

const FLAGS: Record<Language['code'], string> = { gb, br, th, es };

/**
 * Decorative: the language name always sits next to it or in the control's label. Until
 * the first screen takes input the flag's place stays empty: the browser lays out each
 * SVG image as a document of its own on the main thread (about 20 ms on a slow computer),
 * which the editor's first load does not wait for.
 */
export default function FlagIcon({ code }: { code: Language['code'] }) {
  const shown = useFirstScreenShown();
  if (!shown) return <span className="flag-icon" aria-hidden="true" />;
  return <img className="flag-icon" src={FLAGS[code]} alt="" width={20} height={15} />;
}
