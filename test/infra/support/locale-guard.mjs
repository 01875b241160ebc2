/**
 * Loaded with `node --import` before a function's bundle (test/infra/bundling.test.ts): records every
 * use of Intl or of a locale-aware method while `globalThis.__loading` is true. The first such use
 * loads ICU's locale data, 10–15 ms of a cold start (docs/decisions.md, "Nothing locale-aware while a
 * function loads").
 */
const used = [];
const note = (what) => {
  if (globalThis.__loading) used.push(`${what} ${new Error().stack?.split('\n')[3]?.trim() ?? ''}`);
};
for (const name of Object.getOwnPropertyNames(Intl)) {
  const original = Intl[name];
  if (typeof original !== 'function') continue;
  Intl[name] = new Proxy(original, {
    construct(target, args, newTarget) {
      note(`Intl.${name}`);
      return Reflect.construct(target, args, newTarget);
    },
    apply(target, self, args) {
      note(`Intl.${name}`);
      return Reflect.apply(target, self, args);
    },
  });
}
const localeAware = [
  [Number.prototype, 'Number', ['toLocaleString']],
  [BigInt.prototype, 'BigInt', ['toLocaleString']],
  [Array.prototype, 'Array', ['toLocaleString']],
  [String.prototype, 'String', ['localeCompare', 'toLocaleLowerCase', 'toLocaleUpperCase']],
  [Date.prototype, 'Date', ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']],
];
for (const [proto, owner, names] of localeAware)
  for (const name of names) {
    const original = proto[name];
    Object.defineProperty(proto, name, {
      value(...args) {
        note(`${owner}.prototype.${name}`);
        return original.apply(this, args);
      },
      writable: true,
      configurable: true,
    });
  }
globalThis.__localeUses = used;
