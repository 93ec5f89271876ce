/**
 * Objects of one known list of keys, built by one object literal made for that list: V8 makes every
 * object of a literal in its final shape at once, while setting the keys one by one (as
 * better-sqlite3 builds its rows natively, and as a reduce over the keys does) moves each object
 * through a shape per key.
 */

/**
 * `(...parameters) => ({ [keys[0]]: <valueSource(0)>, … })`, with `valueSource(i)` the JavaScript
 * source of key i's value; undefined when a key is `__proto__`, which in a literal sets the
 * prototype instead. The keys are quoted by JSON.stringify and the values' source is the caller's,
 * never data.
 */
export function objectBuilder<Builder>(
  parameters: readonly string[],
  keys: readonly string[],
  valueSource: (index: number) => string,
): Builder | undefined {
  if (keys.includes('__proto__')) return undefined;
  const fields = keys.map((key, i) => `${JSON.stringify(key)}: ${valueSource(i)}`);
  // why: Function is typed as taking and giving anything; the caller names the signature the
  // source above was written for.
  return new Function(...parameters, `return { ${fields.join(', ')} };`) as Builder;
}
