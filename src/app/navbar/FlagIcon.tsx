// A language's flag from flag-icons. Only the four flags in use are bundled (the package's
// stylesheet would pull in every country's SVG).
import br from 'flag-icons/flags/4x3/br.svg';
import es from 'flag-icons/flags/4x3/es.svg';
import gb from 'flag-icons/flags/4x3/gb.svg';
import th from 'flag-icons/flags/4x3/th.svg';
import type { Language } from '../../i18n/languages.ts';

const FLAGS: Record<Language['code'], string> = { gb, br, th, es };

/** Decorative: the language name always sits next to it or in the control's label. */
export default function FlagIcon({ code }: { code: Language['code'] }) {
  return <img className="flag-icon" src={FLAGS[code]} alt="" width={20} height={15} />;
}
