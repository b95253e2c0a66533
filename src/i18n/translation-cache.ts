// Remembered texts for the `t` functions components get (i18next's getFixedT, which
// useTranslation calls). Each call of i18next's own copies every i18next option into a new
// object and runs its whole translator: a class's live view of 40 seats re-rendering spent
// most of its time there. A call with the same language, namespaces, key and values gives
// the same text until the language or the loaded texts change, so it is kept until then.
import type { i18n as I18n, TFunction } from 'i18next';

/** The most texts kept; past it the store starts again (values such as counts vary). */
const MOST_TEXTS = 5000;

type FixedT = TFunction & {
  lng?: string;
  lngs?: readonly string[];
  ns?: unknown;
  keyPrefix?: unknown;
};
type Call = (key: unknown, options?: unknown, ...rest: unknown[]) => unknown;

const remembering = new WeakSet<I18n>();

/** Makes `i18n.getFixedT` return `t` functions that remember their texts (once per instance). */
export function rememberTranslations(i18n: I18n): void {
  if (remembering.has(i18n)) return;
  remembering.add(i18n);
  const texts = new Map<string, string>();
  const forget = () => texts.clear();
  i18n.on('languageChanged', forget);
  i18n.on('loaded', forget);
  i18n.store.on('added', forget);
  i18n.store.on('removed', forget);

  const fixedT = i18n.getFixedT.bind(i18n) as (...args: unknown[]) => FixedT;
  i18n.getFixedT = ((...args: unknown[]) => {
    const t = fixedT(...args);
    const [lng, ns, keyPrefix, options] = args as [unknown, unknown, unknown, unknown];
    // A key prefix given as a selector function has no stable name: nothing is kept.
    if (typeof keyPrefix === 'function') return t;
    const scope = `\u0000${JSON.stringify([ns ?? null, keyPrefix ?? null, options ?? null])}\u0000`;
    // No language given: the one in use when called.
    const fixedScope = typeof lng === 'string' ? lng + scope : null;
    const call = t as unknown as Call;
    const remembered: Call = (key, opts, ...rest) => {
      const id = rest.length === 0 ? callId(key, opts) : null;
      if (id === null) return call(key, opts, ...rest);
      const full = (fixedScope ?? i18n.language + scope) + id;
      const known = texts.get(full);
      if (known !== undefined) return known;
      const text = call(key, opts);
      if (typeof text === 'string') {
        if (texts.size >= MOST_TEXTS) texts.clear();
        texts.set(full, text);
      }
      return text;
    };
    return Object.assign(remembered, {
      lng: t.lng,
      lngs: t.lngs,
      ns: t.ns,
      keyPrefix: t.keyPrefix,
    }) as unknown as FixedT;
  }) as unknown as I18n['getFixedT'];
}

/** The call's key and values as one string, or null when they are not plain values. */
function callId(key: unknown, options: unknown): string | null {
  if (typeof key !== 'string') return null;
  if (options === undefined) return key;
  // t(key, 'default text'): i18next's short form for a default value.
  if (typeof options === 'string') return `${key}\u0000${JSON.stringify(options)}`;
  if (typeof options !== 'object' || options === null) return null;
  for (const value of Object.values(options)) {
    const kind = typeof value;
    if (kind !== 'string' && kind !== 'number' && kind !== 'boolean' && kind !== 'undefined')
      return null;
  }
  return `${key}\u0000${JSON.stringify(options)}`;
}
